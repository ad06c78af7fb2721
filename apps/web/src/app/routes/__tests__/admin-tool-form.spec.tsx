import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { RouteObject } from 'react-router';
import type { Tool } from '@outils/contracts';
import ToolFormPage from '../admin/tool-form-page';
import { difficultyIndex, difficultyToSend, DIFFICULTY_OPTIONS } from '../../../features/admin-tools/utils/difficulty';
import { API, server } from '../../../testing/msw/server';
import { renderApp, signedIn } from '../../../testing/render-with-providers';

const routes: RouteObject[] = [
  { path: '/admin/tools/new', Component: ToolFormPage },
  { path: '/admin/tools/edit', Component: ToolFormPage },
  { path: '/admin', element: <h1>Tableau de bord</h1> },
];

const IMG = (n: string) => ({ id: `0000000${n}-0000-4000-8000-000000000000`, src: `${API}/tools/images/${n}.png` });

const existing: Tool = {
  id: 42,
  slug: 'kit-site-web',
  name: 'Kit site web',
  description: 'Tout pour lancer son site.',
  goal: 'Lancer son site',
  people: 'Artisans',
  duration: 1.5,
  type: { id: 2, name: 'Kit' },
  category: { id: 3, name: 'Web' },
  difficulty: 'Complexe',
  createdAt: '2026-01-01T00:00:00Z',
  publishedAt: '2026-01-01T00:00:00Z',
  isFavorite: false,
  images: [IMG('1'), IMG('2'), IMG('3')],
  isFeatured: true,
  file: { name: 'kit-site-web-v3.pdf', type: 'application/pdf', size: 1_258_291 },
  download: { format: 'pdf', size: 1_258_291, pages: 4, updatedAt: null },
  preview: null,
};

interface Sent {
  fields: Record<string, string>;
  images: Array<string | { file: string }>;
  toolFile: string | null;
  userEmail: string | null;
  userToken: string | null;
}

function mockForm(save: { path: 'create' | 'update'; reply: () => Response }, tool: Tool = existing) {
  const sent: Sent[] = [];
  let toolReads = 0;
  server.use(
    http.get(`${API}/api/filters`, () =>
      HttpResponse.json({
        categories: [{ id: 3, name: 'Web' }, { id: 4, name: 'Gestion' }],
        types: [{ id: 1, name: 'Checklist' }, { id: 2, name: 'Kit' }],
        difficulties: [{ id: 'Simple', name: 'Simple' }, { id: 'Moyen', name: 'Moyen' }, { id: 'Complexe', name: 'Complexe' }],
      }),
    ),
    http.get(`${API}/tools/:id`, ({ params }) => {
      toolReads += 1;
      return String(params.id) === String(tool.id) ? HttpResponse.json({ tool }) : HttpResponse.json({ message: 'Cet outil est introuvable.' }, { status: 404 });
    }),
    http.post(`${API}/admin/tools/${save.path}`, async ({ request }) => {
      const form = await request.formData();
      const fields: Record<string, string> = {};
      form.forEach((value, key) => {
        // Multipart bodies carry line breaks as CRLF (the API turns them back into LF).
        if (typeof value === 'string' && key !== 'images[]') fields[key] = value.replace(/\r\n/g, '\n');
      });
      const file = form.get('toolFile');
      sent.push({
        fields,
        images: form.getAll('images[]').map((v) => (typeof v === 'string' ? v : { file: v.name })),
        toolFile: file && typeof file !== 'string' ? file.name : null,
        userEmail: request.headers.get('userEmail'),
        userToken: request.headers.get('userToken'),
      });
      return save.reply();
    }),
  );
  return { sent, toolReads: () => toolReads };
}

const session = signedIn('admin@example.com', 'jeton-admin');
/**
 * Files as Node makes them: the test environment's FormData is Node's (MSW needs it) and only
 * takes Node's Blob; in a browser both come from the same place.
 */
const file = (parts: string[], name: string, type = '') => new NodeFile(parts, name, { type }) as unknown as File;
const pdf = () => file(['%PDF-1.4'], 'diagnostic.pdf', 'application/pdf');
const png = (name: string) => file(['png'], name, 'image/png');

/** Types a title and a description and picks a type, a subject and a difficulty. */
async function fillRequiredTexts(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Titre'), 'Titre');
    await user.type(screen.getByLabelText('Description'), 'Description');
    await user.selectOptions(screen.getByRole('combobox', { name: "Type d’outils" }), 'Kit');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sujet' }), 'Web');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Difficulté' }), 'Simple');
}

async function renderNew() {
  const rendered = renderApp('/admin/tools/new', { routes, session });
  await screen.findByRole('heading', { level: 1, name: 'Ajouter un outil' });
  await within(screen.getByRole('combobox', { name: 'Sujet' })).findByRole('option', { name: 'Gestion' });
  return rendered;
}

async function renderEdit() {
  const rendered = renderApp('/admin/tools/edit?id=42', { routes, session });
  await screen.findByRole('heading', { level: 1, name: 'Editer Kit site web' });
  await within(screen.getByRole('combobox', { name: 'Sujet' })).findByRole('option', { name: 'Gestion' });
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sujet' })).toHaveValue('3'));
  return rendered;
}

describe('difficulty mapping (docs/product/rules.md#R128)', () => {
  it('maps 0, 1, 2 to Simple, Moyen, Complexe and anything else to nothing', () => {
    expect(DIFFICULTY_OPTIONS).toEqual([
      { value: '0', label: 'Simple' },
      { value: '1', label: 'Moyen' },
      { value: '2', label: 'Complexe' },
    ]);
    expect(['0', '1', '2', '3', '-1', '', 'Moyen', '1.5'].map(difficultyToSend)).toEqual(['Simple', 'Moyen', 'Complexe', '', '', '', '', '']);
    expect([difficultyIndex('Simple'), difficultyIndex('Complexe'), difficultyIndex(null)]).toEqual(['0', '2', '']);
  });
});

describe('/admin/tools/new', () => {
  it('offers the accepted file types in the pickers', async () => {
    mockForm({ path: 'create', reply: () => HttpResponse.json({ message: 'ok' }) });
    await renderNew();
    expect(screen.getByLabelText("Fichier de l’outil")).toHaveAttribute('accept', '.pdf,.doc,.docx,.csv,.xlsx,.xls,.jpg,.png');
    expect(screen.getByLabelText('Ajouter des images')).toHaveAttribute('accept', '.png,.jpg,.jpeg');
  });

  it('requires file, title, type, category, difficulty and description, and focuses the file first', async () => {
    const { sent } = mockForm({ path: 'create', reply: () => HttpResponse.json({ message: 'ok' }) });
    const { user } = await renderNew();
    await user.click(screen.getByRole('button', { name: "Ajouter l’outil" }));
    const file = screen.getByLabelText("Fichier de l’outil");
    expect(file).toHaveFocus();
    expect(file).toHaveAccessibleDescription(expect.stringContaining("Ajoutez le fichier de l’outil."));
    expect(screen.getByLabelText('Titre')).toHaveAccessibleDescription("Saisissez le titre de l’outil.");
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(expect.stringContaining("Saisissez la description de l’outil."));
    expect(screen.getByRole('combobox', { name: "Type d’outils" })).toHaveAccessibleDescription("Choisissez le type d’outil.");
    expect(screen.getByRole('combobox', { name: 'Sujet' })).toHaveAccessibleDescription('Choisissez le sujet.');
    expect(screen.getByRole('combobox', { name: 'Difficulté' })).toHaveAccessibleDescription('Choisissez la difficulté.');
    for (const optional of ['Objectif', 'Pour qui ?', 'Temps estimé (en heures)']) expect(screen.getByLabelText(optional)).not.toHaveAttribute('aria-invalid');
    expect(sent).toHaveLength(0);
  });

  it('sends the form with the difficulty name, shows the message and the warning, offers the new sheet, then « Créer un autre outil »', async () => {
    const { sent } = mockForm({
      path: 'create',
      reply: () => HttpResponse.json({ message: 'L’outil a bien été créé.', warning: 'La durée estimée n’est pas renseignée.', id: 77, slug: 'diagnostic-numerique' }),
    });
    const { user } = await renderNew();
    await user.upload(screen.getByLabelText("Fichier de l’outil"), pdf());
    await user.upload(screen.getByLabelText('Ajouter des images'), [png('a.png'), png('b.png')]);
    await user.type(screen.getByLabelText('Titre'), 'Diagnostic numérique');
    await user.type(screen.getByLabelText('Description'), 'Ligne 1\nLigne 2');
    await user.selectOptions(screen.getByRole('combobox', { name: "Type d’outils" }), 'Checklist');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sujet' }), 'Gestion');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Difficulté' }), 'Moyen');
    await user.type(screen.getByLabelText('Objectif'), 'Faire le point');
    await user.click(screen.getByRole('checkbox', { name: /Outil du mois/ }));
    await user.click(screen.getByRole('button', { name: "Ajouter l’outil" }));

    expect(await screen.findByText('L’outil a bien été créé.')).toBeInTheDocument();
    expect(screen.getByText('La durée estimée n’est pas renseignée.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        fields: {
          imagesOrder: 'new:0,new:1',
          title: 'Diagnostic numérique',
          description: 'Ligne 1\nLigne 2',
          type: '1',
          category: '4',
          difficulty: 'Moyen',
          goal: 'Faire le point',
          people: '',
          duration: '',
          isFeatured: 'true',
          publication: 'published',
        },
        images: [{ file: 'a.png' }, { file: 'b.png' }],
        toolFile: 'diagnostic.pdf',
        userEmail: 'admin@example.com',
        userToken: 'jeton-admin',
      },
    ]);
    expect(screen.getByRole('heading', { name: '« Diagnostic numérique » est en ligne' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Voir la fiche de l’outil' })).toHaveAttribute('href', '/toolspage/diagnostic-numerique');
    expect(screen.getByRole('link', { name: 'Modifier cet outil' })).toHaveAttribute('href', '/admin/tools/edit?id=77');
    // No second click can create the same tool twice: the form is gone until asked for again.
    expect(screen.queryByRole('button', { name: "Ajouter l’outil" })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Créer un autre outil' }));
    expect(await screen.findByLabelText('Titre')).toHaveValue('');
    expect(screen.queryByRole('list', { name: "Images de l’outil" })).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('shows the server errors under their fields and keeps everything typed', async () => {
    mockForm({
      path: 'create',
      reply: () =>
        HttpResponse.json(
          { errors: { title: ['Le champ « Titre » ne doit pas dépasser 160 caractères.'], images: ['Les images doivent être au format PNG ou JPEG.'] } },
          { status: 400 },
        ),
    });
    const { user } = await renderNew();
    await user.upload(screen.getByLabelText("Fichier de l’outil"), pdf());
    await user.upload(screen.getByLabelText('Ajouter des images'), png('faux.png'));
    await fillRequiredTexts(user);
    await user.click(screen.getByRole('button', { name: "Ajouter l’outil" }));
    const images = screen.getByLabelText('Ajouter des images');
    await waitFor(() => expect(images).toHaveAccessibleDescription('Les images doivent être au format PNG ou JPEG.'));
    expect(images).toHaveFocus();
    expect(screen.getByLabelText('Titre')).toHaveAccessibleDescription('Le champ « Titre » ne doit pas dépasser 160 caractères.');
    expect(screen.getByLabelText('Titre')).toHaveValue('Titre');
    expect(screen.getByLabelText('Description')).toHaveValue('Description');
    expect(within(screen.getByRole('list', { name: "Images de l’outil" })).getAllByRole('listitem')).toHaveLength(1);
  });

  it.each([
    ['without details', () => HttpResponse.json({}, { status: 500 }), null],
    ['with a message', () => HttpResponse.json({ message: 'Le contenu envoyé est trop volumineux.' }, { status: 413 }), 'Le contenu envoyé est trop volumineux.'],
    ['on a lost connection', () => HttpResponse.error(), null],
  ])("shows 'Oups, erreur lors de l’enregistrement :x' %s", async (_label, reply, extra) => {
    mockForm({ path: 'create', reply });
    const { user } = await renderNew();
    await user.upload(screen.getByLabelText("Fichier de l’outil"), pdf());
    await fillRequiredTexts(user);
    await user.click(screen.getByRole('button', { name: "Ajouter l’outil" }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Oups, erreur lors de l’enregistrement :x");
    if (extra) expect(alert).toHaveTextContent(extra);
    expect(screen.getByLabelText('Titre')).toHaveValue('Titre');
    expect(screen.getByRole('button', { name: "Ajouter l’outil" })).toBeEnabled();
  });

  it('ends the stored session when the save is refused for its credentials (401), as every call does', async () => {
    const { sent } = mockForm({ path: 'create', reply: () => HttpResponse.json({ message: 'Connectez-vous pour continuer.' }, { status: 401 }) });
    const { user, store } = await renderNew();
    await user.upload(screen.getByLabelText("Fichier de l’outil"), pdf());
    await fillRequiredTexts(user);
    await user.click(screen.getByRole('button', { name: "Ajouter l’outil" }));
    await waitFor(() => expect(store.getState().session.token).toBeNull());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ userEmail: 'admin@example.com', userToken: 'jeton-admin' });
    expect(store.getState().session.email).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('refuses a file of another type before sending', async () => {
    const { sent } = mockForm({ path: 'create', reply: () => HttpResponse.json({ message: 'ok' }) });
    renderApp('/admin/tools/new', { routes, session });
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText("Fichier de l’outil");
    await user.upload(input, file(['x'], 'macro.exe'));
    await user.click(screen.getByRole('button', { name: "Ajouter l’outil" }));
    expect(input).toHaveAccessibleDescription(expect.stringContaining("Ce type de fichier n’est pas accepté."));
    expect(sent).toHaveLength(0);
  });
});

describe('/admin/tools/edit?id=', () => {
  it('is prefilled from the tool, difficulty included', async () => {
    mockForm({ path: 'update', reply: () => HttpResponse.json({ message: 'ok' }) });
    await renderEdit();
    expect(screen.getByLabelText('Titre')).toHaveValue('Kit site web');
    expect(screen.getByLabelText('Description')).toHaveValue('Tout pour lancer son site.');
    expect(screen.getByRole('combobox', { name: "Type d’outils" })).toHaveValue('2');
    expect(screen.getByRole('combobox', { name: 'Difficulté' })).toHaveValue('2');
    expect(screen.getByLabelText('Temps estimé (en heures)')).toHaveValue('1,5');
    expect(screen.getByRole('checkbox', { name: /Outil du mois/ })).toBeChecked();
    expect(within(screen.getByRole('list', { name: "Images de l’outil" })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('keeps the rules of creation: required fields marked, and one left empty is an error; only the file may stay', async () => {
    const { sent } = mockForm({ path: 'update', reply: () => HttpResponse.json({ message: 'L’outil a bien été modifié.', id: 42, slug: 'kit-site-web' }) });
    const { user } = await renderEdit();
    for (const name of ['Titre', 'Description']) expect(screen.getByLabelText(name)).toBeRequired();
    for (const name of ["Type d’outils", 'Sujet', 'Difficulté']) expect(screen.getByRole('combobox', { name })).toBeRequired();
    expect(screen.getByLabelText("Remplacer le fichier de l’outil")).not.toBeRequired();

    await user.clear(screen.getByLabelText('Titre'));
    await user.selectOptions(screen.getByRole('combobox', { name: "Type d’outils" }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Difficulté' }), '');
    await user.clear(screen.getByLabelText('Description'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    const title = screen.getByLabelText('Titre');
    expect(title).toHaveFocus();
    expect(title).toHaveAccessibleDescription(expect.stringContaining("Saisissez le titre de l’outil."));
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(expect.stringContaining("Saisissez la description de l’outil."));
    expect(screen.getByRole('combobox', { name: "Type d’outils" })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: 'Difficulté' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText("Remplacer le fichier de l’outil")).not.toHaveAttribute('aria-invalid');
    expect(sent).toHaveLength(0);
    expect(screen.queryByText(/a bien été modifié/)).not.toBeInTheDocument();

    await user.type(title, 'Kit site web (v2)');
    await user.selectOptions(screen.getByRole('combobox', { name: "Type d’outils" }), 'Kit');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Difficulté' }), 'Simple');
    await user.type(screen.getByLabelText('Description'), 'Nouvelle description');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(await screen.findByText('L’outil a bien été modifié.')).toBeInTheDocument();
    expect(sent[0].fields).toMatchObject({ toolId: '42', title: 'Kit site web (v2)', type: '2', difficulty: 'Simple', description: 'Nouvelle description' });
    expect(sent[0].toolFile).toBeNull();
  });

  it('shows the current file (name, type, size) with a way to download it', async () => {
    mockForm({ path: 'update', reply: () => HttpResponse.json({ message: 'ok' }) });
    const downloads: string[] = [];
    server.use(
      http.get(`${API}/tools/download`, ({ request }) => {
        downloads.push(new URL(request.url).search);
        return HttpResponse.json({ url: `${API}/tools/file?toolId=42&expires=1&signature=x` });
      }),
    );
    const clicks: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.href);
    });
    const { user } = await renderEdit();
    const current = screen.getByRole('region', { name: 'Fichier actuel' });
    expect(within(current).getByText('kit-site-web-v3.pdf')).toBeInTheDocument();
    expect(within(current).getByText('PDF · 1,2 Mo')).toBeInTheDocument();
    await user.click(within(current).getByRole('button', { name: 'Télécharger le fichier actuel (kit-site-web-v3.pdf)' }));
    await waitFor(() => expect(clicks).toEqual([`${API}/tools/file?toolId=42&expires=1&signature=x`]));
    expect(downloads).toEqual(['?toolId=42']);
    jest.restoreAllMocks();
  });

  it('removes and reorders images and sends the kept ids and new files in display order', async () => {
    const { sent, toolReads } = mockForm({ path: 'update', reply: () => HttpResponse.json({ message: 'L’outil a bien été modifié.' }) });
    const { user } = await renderEdit();
    const list = screen.getByRole('list', { name: "Images de l’outil" });
    const names = () => within(list).getAllByRole('listitem').map((li) => li.querySelector('span span')?.textContent);
    expect(names()).toEqual(['Image 1', 'Image 2', 'Image 3']);
    expect(within(list).getByRole('button', { name: 'Monter Image 1' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Descendre Image 3' })).toBeDisabled();

    await user.click(within(list).getByRole('button', { name: 'Retirer Image 2' }));
    expect(names()).toEqual(['Image 1', 'Image 3']);
    await user.click(within(list).getByRole('button', { name: 'Monter Image 3' }));
    expect(names()).toEqual(['Image 3', 'Image 1']);
    await user.upload(screen.getByLabelText('Ajouter des images'), png('nouvelle.png'));
    await user.click(within(list).getByRole('button', { name: 'Monter nouvelle.png' }));
    expect(names()).toEqual(['Image 3', 'nouvelle.png', 'Image 1']);
    expect(screen.getByText('nouvelle.png déplacée en position 2 sur 3.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(await screen.findByText('L’outil a bien été modifié.')).toBeInTheDocument();
    expect(sent[0].images).toEqual([IMG('3').id, { file: 'nouvelle.png' }, IMG('1').id]);
    expect(sent[0].fields.imagesOrder).toBe(`${IMG('3').id},new:0,${IMG('1').id}`);
    expect(sent[0].fields).toMatchObject({ toolId: '42', title: 'Kit site web', type: '2', category: '3', difficulty: 'Complexe', duration: '1.5', isFeatured: 'true' });
    // The tool is read again so that the new image gets its id.
    await waitFor(() => expect(toolReads()).toBe(2));
  });

  it('refuses an image of another type and keeps the list', async () => {
    mockForm({ path: 'update', reply: () => HttpResponse.json({ message: 'ok' }) });
    await renderEdit();
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Ajouter des images');
    await user.upload(input, file(['gif'], 'anim.gif', 'image/gif'));
    expect(input).toHaveAccessibleDescription('Les images doivent être au format PNG ou JPEG.');
    expect(within(screen.getByRole('list', { name: "Images de l’outil" })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('says when the tool does not exist', async () => {
    mockForm({ path: 'update', reply: () => HttpResponse.json({ message: 'ok' }) });
    renderApp('/admin/tools/edit?id=999', { routes, session });
    expect(await screen.findByRole('alert')).toHaveTextContent('Cet outil est introuvable.');
  });
});
