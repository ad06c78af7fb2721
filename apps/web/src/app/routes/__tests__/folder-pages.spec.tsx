import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { FolderDetail } from '@outils/contracts';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';
import { allowSlowLazyRoutes, makeTool, stubBrowserApis } from '../../../testing/test-utils';

beforeAll(() => {
  stubBrowserApis();
  allowSlowLazyRoutes();
});

const tool = makeTool({ name: 'Kit RGPD' });
const FOLDER: FolderDetail = {
  id: 'f1', name: 'Mon lancement', description: null, toolIds: [tool.id], itemCount: 1, shareToken: null, isKit: false,
  updatedAt: '2026-11-27T08:00:00Z', items: [{ toolId: tool.id, name: tool.name, tool, size: 1024 }], totalSize: 1024,
};

/** docs/product/rules.md#R732: every folders page names itself in the browser's tab. */
describe('the folders pages’ titles', () => {
  beforeEach(() => {
    server.use(
      http.get(`${API}/api/user/show`, () => HttpResponse.json({ userData: { email: 'camille@example.com', newsletter: false, isAdmin: false } })),
      http.get(`${API}/api/folders`, () => HttpResponse.json({ folders: [FOLDER] })),
      http.get(`${API}/api/folders/f1`, () => HttpResponse.json({ folder: FOLDER })),
      http.get(`${API}/api/shared-folders/kit1`, () => HttpResponse.json({ folder: { ...FOLDER, name: 'Démarrer sa transformation numérique', isKit: true } })),
      http.get(`${API}/api/shared-folders/partage`, () => HttpResponse.json({ folder: FOLDER })),
      http.get(`${API}/api/shared-folders/zzz`, () => HttpResponse.json({ message: 'Dossier introuvable.' }, { status: 404 })),
    );
  });

  it.each([
    ['/toolspage/folders', 'Mes dossiers — Outils', true],
    ['/toolspage/folders/f1', 'Mon lancement — Mes dossiers — Outils', true],
    ['/dossiers/kit1', 'Démarrer sa transformation numérique — Kit prêt à l’emploi — Outils', false],
    ['/dossiers/partage', 'Mon lancement — Dossier partagé — Outils', false],
    ['/dossiers/zzz', 'Dossier introuvable — Outils', false],
  ])('%s is titled « %s »', async (path, title, member) => {
    renderApp(path, member ? { session: signedIn() } : {});
    await waitFor(() => expect(document.title).toBe(title));
  });
});
