import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import MyDownloadsPage from '../profile/downloads';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';

const routes = [{ path: '/profile/downloads', Component: MyDownloadsPage }];

describe('/profile/downloads (docs/product/rules.md#R470, #R968)', () => {
  it('lists the downloads with their date, a link to the sheet and a way to download again', async () => {
    server.use(http.get(`${API}/api/user/downloads`, () => HttpResponse.json({
      downloads: [
        { downloadedAt: '2026-03-05T09:30:00.000Z', tool: { id: 4, slug: 'tableau-de-tresorerie', name: 'Tableau de trésorerie' } },
        { downloadedAt: '2026-03-01T10:00:00.000Z', tool: { id: 7, slug: 'charte-graphique', name: 'Charte graphique' } },
      ],
    })));
    renderApp('/profile/downloads', { routes, session: signedIn() });
    expect(await screen.findByRole('link', { name: 'Tableau de trésorerie' })).toHaveAttribute('href', '/toolspage/tableau-de-tresorerie');
    expect(screen.getByText('5 mars 2026 à 10:30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger à nouveau « Charte graphique »' })).toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    server.use(http.get(`${API}/api/user/downloads`, () => HttpResponse.json({ downloads: [] })));
    renderApp('/profile/downloads', { routes, session: signedIn() });
    expect(await screen.findByText(/Vous n’avez encore téléchargé aucun outil/)).toBeInTheDocument();
  });

  it('gives the file at once, or says that it will come by mail', async () => {
    server.use(http.get(`${API}/api/user/downloads`, () => HttpResponse.json({ downloads: [] })));
    let answer: object = { url: 'http://127.0.0.1:3999/api/user/export/file?u=1&x=2&s=3' };
    server.use(http.post(`${API}/api/user/export`, () => HttpResponse.json(answer)));
    // jsdom cannot follow a download: the click on the file's link is what the browser would act on.
    const opened: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { opened.push(this.href); });
    renderApp('/profile/downloads', { routes, session: signedIn() });
    const button = await screen.findByRole('button', { name: 'Télécharger mes données' });
    await userEvent.click(button);
    expect(opened).toEqual(['http://127.0.0.1:3999/api/user/export/file?u=1&x=2&s=3']);
    click.mockRestore();
    expect(await screen.findByRole('link', { name: /Utilisez ce lien/ })).toHaveAttribute('href', 'http://127.0.0.1:3999/api/user/export/file?u=1&x=2&s=3');
    answer = { message: 'Votre historique est volumineux : nous préparons le fichier.' };
    await userEvent.click(button);
    expect(await screen.findByText('Votre historique est volumineux : nous préparons le fichier.')).toBeInTheDocument();
  });
});
