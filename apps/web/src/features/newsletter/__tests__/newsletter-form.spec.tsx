import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { NewsletterForm } from '../components/newsletter-form';

describe('home newsletter form', () => {
  it('requires an e-mail and the consent, then posts with source « home » and shows the server message', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/api/mailjet/register`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Merci ! Vérifiez votre boîte mail pour confirmer votre inscription à la newsletter.' });
      }),
    );
    const { user, store } = renderWithProviders(<NewsletterForm source="home" />);
    await user.click(screen.getByRole('button', { name: 'Je m’abonne' }));
    expect(await screen.findByText('Saisissez votre adresse e-mail.')).toBeInTheDocument();
    expect(screen.getByText('Cochez cette case pour vous abonner : sans votre accord, nous ne vous écrirons pas.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Votre adresse e-mail/), 'lea@exemple.fr');
    await user.click(screen.getByRole('checkbox', { name: /J’accepte de recevoir la newsletter/ }));
    await user.click(screen.getByRole('button', { name: 'Je m’abonne' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Merci ! Vérifiez votre boîte mail pour confirmer votre inscription à la newsletter.');
    await waitFor(() => expect(bodies).toEqual([{ email: 'lea@exemple.fr', consent: true, source: 'home' }]));
    expect(screen.getByLabelText(/Votre adresse e-mail/)).toHaveValue('');
    // Given here, the e-mail counts as the newsletter handled: the popup will not ask again.
    expect(store.getState().session.hasCheckedNewsletter).toBe(true);
  });
});
