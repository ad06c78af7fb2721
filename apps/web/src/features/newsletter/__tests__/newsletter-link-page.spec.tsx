import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { NewsletterLinkPage } from '../components/newsletter-link-page';

/** The pages of the mails' links act only on the visitor's press, never on load (docs/product/rules.md#R744). */
describe('newsletter link pages', () => {
  it.each([
    ['confirm', '/api/newsletter/confirm', 'Confirmer mon inscription', 'Inscription confirmée', 'C’est confirmé'],
    ['unsubscribe', '/api/newsletter/unsubscribe', 'Me désinscrire', 'Désinscription confirmée', 'C’est fait'],
  ] as const)('%s: calls nothing until its button is pressed, then says the outcome', async (kind, path, action, done, message) => {
    const calls: string[] = [];
    server.use(http.post(`${API}${path}`, ({ request }) => {
      calls.push(request.url);
      return HttpResponse.json({ message: `${message} : tout est en ordre.` });
    }));
    const { user } = renderWithProviders(<NewsletterLinkPage kind={kind} />, { route: '/lien?id=abc&token=def' });
    const button = await screen.findByRole('button', { name: action });
    // A scanner running the page's scripts stops here: the page is ready and nothing was sent.
    expect(calls).toEqual([]);
    await user.click(button);
    expect(await screen.findByRole('heading', { level: 1, name: done })).toBeInTheDocument();
    expect(screen.getByText(`${message} : tout est en ordre.`)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
