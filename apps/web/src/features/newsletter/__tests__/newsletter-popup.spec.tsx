import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { API, server } from '../../../testing/msw/server';
import { renderApp, renderWithProviders, signedIn } from '../../../testing/render-with-providers';
import { NEWSLETTER_POPUP_DELAY_MS, NewsletterPopup } from '../components/newsletter-popup';
import { stubBrowserApis } from '../../../testing/test-utils';

beforeAll(stubBrowserApis);
beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }));
afterEach(() => {
  jest.runOnlyPendingTimers();
  jest.useRealTimers();
});

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

function recordRegistrations() {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${API}/api/mailjet/register`, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ message: 'Merci !' });
    }),
  );
  return bodies;
}

/** Any page but the home page and the login pages: the popup's own pages. */
const PAGE = { route: '/toolspage' };

describe('newsletter popup « Restez cool » (docs/product/rules.md#R727, #R728)', () => {
  it('appears 9 seconds after the header mounts, not before', async () => {
    expect(NEWSLETTER_POPUP_DELAY_MS).toBe(9000);
    renderWithProviders(<NewsletterPopup />, { route: '/toolspage' });
    await advance(8999);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(1);
    expect(await screen.findByRole('dialog', { name: 'Restez cool' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Adresse e-mail/)).toBeRequired();
    expect(screen.getByRole('checkbox', { name: /J’accepte de recevoir la newsletter/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Je m’abonne' })).toBeInTheDocument();
  });

  it('is mounted by the header of every page', async () => {
    renderApp('/info/legalnotice');
    await screen.findByRole('heading', { name: 'Mentions légales' });
    await advance(9000);
    expect(await screen.findByRole('dialog', { name: 'Restez cool' })).toBeInTheDocument();
  });

  it('never appears on a path containing « login »', async () => {
    renderWithProviders(<NewsletterPopup />, { route: '/login/signup' });
    await advance(20000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('never appears once the newsletter was handled (hasCheckedNewsletter)', async () => {
    renderWithProviders(<NewsletterPopup />, { ...PAGE, session: { hasCheckedNewsletter: true } });
    await advance(20000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([true, false])('never appears for a member (newsletter %s): their profile has the choice', async (newsletter) => {
    server.use(http.get(`${API}/api/user/show`, () => HttpResponse.json({ userData: { email: 'camille@example.com', newsletter, isAdmin: false } })));
    renderWithProviders(<NewsletterPopup />, { ...PAGE, session: signedIn() });
    await advance(20000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('never appears on the home page, which shows the same form', async () => {
    renderWithProviders(<NewsletterPopup />, { route: '/' });
    await advance(20000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closing it sets hasCheckedNewsletter, so it does not come back', async () => {
    const { store, unmount } = renderWithProviders(<NewsletterPopup />, PAGE);
    await advance(9000);
    await screen.findByRole('dialog', { name: 'Restez cool' });
    await user().click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().session.hasCheckedNewsletter).toBe(true);
    expect(localStorage.getItem('hasCheckedNewsletter')).toBe('true');
    unmount();

    // A new visit (the session is restored from storage): no popup.
    renderWithProviders(<NewsletterPopup />, { ...PAGE, session: { hasCheckedNewsletter: localStorage.getItem('hasCheckedNewsletter') === 'true' } });
    await advance(20000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with an empty e-mail, says what is missing and stays open; nothing is sent', async () => {
    const bodies = recordRegistrations();
    const { store } = renderWithProviders(<NewsletterPopup />, PAGE);
    await advance(9000);
    const dialog = await screen.findByRole('dialog', { name: 'Restez cool' });
    await user().click(within(dialog).getByRole('button', { name: 'Je m’abonne' }));
    expect(await within(dialog).findByText('Saisissez votre adresse e-mail pour vous abonner.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Adresse e-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Restez cool' })).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    expect(store.getState().session.hasCheckedNewsletter).toBe(false);
  });

  it('waits while another dialog is open, then appears once it is closed, without taking its focus', async () => {
    function WithOtherDialog() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <Dialog open={open} onOpenChange={setOpen} title="Télécharger « Kit RGPD »">
            <label>Adresse e-mail (facultatif)<input /></label>
          </Dialog>
          <NewsletterPopup />
        </>
      );
    }
    renderWithProviders(<WithOtherDialog />, PAGE);
    const download = screen.getByRole('dialog', { name: 'Télécharger « Kit RGPD »' });
    const field = within(download).getByLabelText('Adresse e-mail (facultatif)');
    field.focus();
    await advance(30000);
    expect(screen.queryByRole('dialog', { name: 'Restez cool' })).not.toBeInTheDocument();
    expect(field).toHaveFocus();

    await user().click(within(download).getByRole('button', { name: 'Fermer' }));
    expect(await screen.findByRole('dialog', { name: 'Restez cool' })).toBeInTheDocument();
  });

  it('says why and keeps the e-mail when the consent box is not ticked; nothing is sent', async () => {
    const bodies = recordRegistrations();
    renderWithProviders(<NewsletterPopup />, PAGE);
    await advance(9000);
    const dialog = await screen.findByRole('dialog', { name: 'Restez cool' });
    const u = user();
    await u.type(within(dialog).getByLabelText(/Adresse e-mail/), 'lea@exemple.fr');
    await u.click(within(dialog).getByRole('button', { name: 'Je m’abonne' }));
    expect(await within(dialog).findByText('Cochez cette case pour vous abonner : sans votre accord, nous ne vous écrirons pas.')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: /J’accepte de recevoir la newsletter/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/Adresse e-mail/)).toHaveValue('lea@exemple.fr');
    expect(screen.getByRole('dialog', { name: 'Restez cool' })).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('checks the e-mail pattern, then registers with the consent and thanks the visitor', async () => {
    const bodies = recordRegistrations();
    const { store } = renderWithProviders(<NewsletterPopup />, PAGE);
    await advance(9000);
    await screen.findByRole('dialog', { name: 'Restez cool' });
    const u = user();
    await u.type(screen.getByLabelText(/Adresse e-mail/), 'pas-une-adresse');
    await u.click(screen.getByRole('button', { name: 'Je m’abonne' }));
    expect(await screen.findByText(/Saisissez une adresse e-mail valide/)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await u.clear(screen.getByLabelText(/Adresse e-mail/));
    await u.type(screen.getByLabelText(/Adresse e-mail/), 'lea@exemple.fr');
    await u.click(screen.getByRole('checkbox', { name: /J’accepte de recevoir la newsletter/ }));
    await u.click(screen.getByRole('button', { name: 'Je m’abonne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restez cool' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Merci !');
    expect(bodies).toEqual([{ email: 'lea@exemple.fr', consent: true, source: 'popup' }]);
    expect(store.getState().session.hasCheckedNewsletter).toBe(true);
    await u.click(within(dialog).getByRole('button', { name: 'Continuer la visite' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
