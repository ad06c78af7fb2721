import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../../testing/msw/server';
import { renderWithProviders, signedIn } from '../../../testing/render-with-providers';
import { FolderDownloadButton } from '../folder-download-button';
import { ToolDownloadButton as DownloadButton } from '../tool-download-button';

const SIGNED_URL = 'http://localhost:3000/tools/file?token=signe';

function mockApi() {
  const downloads: string[] = [];
  const registrations: unknown[] = [];
  server.use(
    http.get(`${API}/tools/download`, ({ request }) => {
      downloads.push(new URL(request.url).search);
      return HttpResponse.json({ url: SIGNED_URL });
    }),
    http.post(`${API}/api/mailjet/register`, async ({ request }) => {
      registrations.push(await request.json());
      return HttpResponse.json({ message: 'Merci !' });
    }),
  );
  return { downloads, registrations };
}

/** Records the links the flow clicks (jsdom does not navigate). */
function recordLinkClicks() {
  const clicks: { href: string; download: string; target: string }[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ href: this.href, download: this.download, target: this.target });
  });
  return clicks;
}

afterEach(() => jest.restoreAllMocks());

const tool = { id: 12, name: 'Checklist : sécurité / RGPD' };

describe('download flow (docs/product/rules.md#R729, #R108)', () => {
  it('asks for an optional e-mail first, registers it with consent, downloads, then downloads directly the next time', async () => {
    const { downloads, registrations } = mockApi();
    const clicks = recordLinkClicks();
    const { user, store } = renderWithProviders(<DownloadButton tool={tool} />);

    await user.click(screen.getByRole('button', { name: 'Télécharger « Checklist : sécurité / RGPD »' }));
    const dialog = await screen.findByRole('dialog', { name: 'Télécharger « Checklist : sécurité / RGPD »' });
    expect(downloads).toHaveLength(0);
    await user.type(screen.getByLabelText('Adresse e-mail (facultatif)'), 'lea@exemple.fr');
    await user.click(screen.getByRole('checkbox', { name: /J’accepte de recevoir la newsletter/ }));
    await user.click(screen.getByRole('button', { name: 'Télécharger l’outil' }));

    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]).toEqual({ href: SIGNED_URL, download: 'Checklist sécurité RGPD', target: '_blank' });
    expect(downloads).toEqual(['?toolId=12']);
    await waitFor(() => expect(registrations).toEqual([{ email: 'lea@exemple.fr', consent: true, source: 'download' }]));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(store.getState().session.hasGivenEmail).toBe(true);
    expect(localStorage.getItem('hasGivenEmail')).toBe('true');
    // The e-mail given here answers the newsletter question: 'Restez cool' will not ask again.
    expect(store.getState().session.hasCheckedNewsletter).toBe(true);

    // Second download: no popup.
    await user.click(screen.getByRole('button', { name: /Télécharger « Checklist/ }));
    await waitFor(() => expect(clicks).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(downloads).toHaveLength(2);
    expect(registrations).toHaveLength(1);
  });

  it('downloads without registering when the e-mail is empty or the consent box is not ticked', async () => {
    const { registrations } = mockApi();
    const clicks = recordLinkClicks();
    const { user, store, unmount } = renderWithProviders(<DownloadButton tool={tool} />);
    await user.click(screen.getByRole('button', { name: /Télécharger « Checklist/ }));
    await user.click(screen.getByRole('button', { name: 'Télécharger l’outil' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    // Nothing given: the newsletter question stays open.
    expect(store.getState().session.hasCheckedNewsletter).toBe(false);
    expect(registrations).toHaveLength(0);
    unmount();

    const second = renderWithProviders(<DownloadButton tool={tool} />);
    await second.user.click(screen.getByRole('button', { name: /Télécharger « Checklist/ }));
    await second.user.type(await screen.findByLabelText('Adresse e-mail (facultatif)'), 'lea@exemple.fr');
    await second.user.click(screen.getByRole('button', { name: 'Télécharger l’outil' }));
    await waitFor(() => expect(clicks).toHaveLength(2));
    expect(registrations).toHaveLength(0);
    // Given without consent, the e-mail still answers the question: the popup will not ask.
    expect(second.store.getState().session.hasCheckedNewsletter).toBe(true);
  });

  it('refuses a malformed e-mail in the popup', async () => {
    const { downloads } = mockApi();
    const { user } = renderWithProviders(<DownloadButton tool={tool} />);
    await user.click(screen.getByRole('button', { name: /Télécharger « Checklist/ }));
    await user.type(await screen.findByLabelText('Adresse e-mail (facultatif)'), 'pas-une-adresse');
    await user.click(screen.getByRole('button', { name: 'Télécharger l’outil' }));
    expect(await screen.findByText(/Saisissez une adresse e-mail valide/)).toBeInTheDocument();
    expect(downloads).toHaveLength(0);
  });

  it('is usable with the keyboard and closes with Escape, giving the focus back', async () => {
    mockApi();
    const { user } = renderWithProviders(<DownloadButton tool={tool} />);
    const button = screen.getByRole('button', { name: /Télécharger « Checklist/ });
    button.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByLabelText('Adresse e-mail (facultatif)')).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('offers a guest to log in from the popup and come back to this page afterwards', async () => {
    mockApi();
    const { user, router } = renderWithProviders(<DownloadButton tool={tool} />, { route: '/toolspage/checklist?page=2' });
    await user.click(screen.getByRole('button', { name: /Télécharger « Checklist/ }));
    await user.click(await screen.findByRole('link', { name: 'Connectez-vous' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/toolspage/checklist?page=2' });
  });

  it('starts at once when an e-mail was already asked', async () => {
    const { downloads } = mockApi();
    const clicks = recordLinkClicks();
    const { user } = renderWithProviders(<DownloadButton tool={tool} />, { session: { hasGivenEmail: true } });
    await user.click(screen.getByRole('button', { name: /Télécharger « Checklist/ }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(downloads).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('never asks a member for an e-mail: the site knows it, the download starts at once (docs/product/rules.md#R729)', async () => {
    const { downloads } = mockApi();
    const clicks = recordLinkClicks();
    const { user } = renderWithProviders(<DownloadButton tool={tool} />, { session: signedIn() });
    await user.click(screen.getByRole('button', { name: /Télécharger « Checklist/ }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(downloads).toEqual(['?toolId=12']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('announces a folder’s ZIP as a folder, not as a tool', async () => {
    server.use(http.get(`${API}/api/folders/shared/:token/download`, () => HttpResponse.json({ url: SIGNED_URL })));
    const { user } = renderWithProviders(<FolderDownloadButton name="Démarrer sa transformation numérique" shareToken="abc" />);
    await user.click(screen.getByRole('button', { name: /« Démarrer sa transformation numérique »/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Télécharger « Démarrer sa transformation numérique »' });
    expect(dialog).toHaveTextContent('Votre dossier est prêt !');
    expect(dialog).not.toHaveTextContent('Votre outil est prêt');
    expect(screen.getByRole('button', { name: 'Télécharger le dossier' })).toBeInTheDocument();
  });
});

