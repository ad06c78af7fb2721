import { Logger } from '@nestjs/common';
import { CatalogueMessages } from '@outils/contracts';
import { adminToolsSetup as setup, toolForm as form, UUID } from '../../../test/fakes/admin-tools.fakes';
import { EXE, FakeUploads, PDF, png } from '../../../test/fakes/uploads.fakes';
import { FieldValidationError, MessageError, NotFoundError } from '../../common/errors/domain-error';

/**
 * Fast tier: the tool administration rules on an in-memory catalogue and storage (no database).
 * Files are real temporary files, because the service checks them by content. Updates are in admin-tools.service.update.spec.ts.
 */
const uploads = new FakeUploads();
afterAll(() => uploads.cleanup());
// Storage failures are logged by the service; the specs assert on their outcome instead.
beforeAll(() => Logger.overrideLogger(false));

describe('AdminToolsService (fake catalogue and storage)', () => {
  describe('create', () => {
    it('stores the file and the images, writes one tool named after its title, and answers its id and slug (docs/product/rules.md#R132)', async () => {
      const { service, tools, storage, transactions, changes } = setup();
      const answer = await service.create(form, [uploads.toolFile('Trésorerie 2026.pdf'), uploads.image('a.png'), uploads.image('b.png')]);
      // The catalogue's change notification hears of the new tool before the answer (docs/product/rules.md#R873).
      expect(changes.committed).toEqual([{ kind: 'tools', ids: [answer.id] }]);

      expect(answer).toEqual({ message: CatalogueMessages.toolCreated, id: expect.any(Number), slug: 'plan-de-tresorerie' });
      const tool = tools.tool(answer.id)!;
      expect(tool).toMatchObject({ name: 'Plan de trésorerie', slug: 'plan-de-tresorerie', typeId: 1, categoryId: 2, difficulty: 'Simple', duration: 1.5 });
      expect(tool.file).toMatchObject({ name: 'Trésorerie 2026.pdf', mime: 'application/pdf', size: PDF.length });
      expect(storage.objects.get(tool.file.key)?.body).toEqual(PDF);
      // Each image id is the name of its stored file (docs/product/rules.md#R96: a new upload, a new id).
      expect(tool.images).toHaveLength(2);
      for (const image of tool.images) {
        expect(image.id).toMatch(UUID);
        expect(image.key).toBe(`tools/images/${image.id}.png`);
        expect(storage.objects.get(image.key)?.contentType).toBe('image/png');
      }
      expect(storage.keys()).toHaveLength(3);
      expect(transactions.commits).toBe(1);
    });

    it('writes the preview job of a new PDF in the save and hands it over after the commit (docs/product/rules.md#R636)', async () => {
      const { service, tools, jobs } = setup();
      const answer = await service.create(form, [uploads.toolFile('plan.pdf')]);
      const fileKey = tools.tool(answer.id)!.file.key;
      expect(jobs.written).toEqual([
        { name: 'inspect-tool-file', data: { toolId: answer.id, fileKey } },
        { name: 'check-document-accessibility', data: { toolId: answer.id, fileKey } },
      ]);
      expect(jobs.dispatched).toEqual(['1', '2']);
      // A save that keeps the file queues nothing more.
      await service.update({ toolId: String(answer.id), description: 'Autre.' }, []);
      expect(jobs.written).toHaveLength(2);
    });

    it('answers the warning of a missing duration, and still creates the tool (docs/product/rules.md#R129)', async () => {
      const { service, tools } = setup();
      const answer = await service.create({ ...form, duration: '' }, [uploads.toolFile()]);
      expect(answer.warning).toBe(CatalogueMessages.warningDurationMissing);
      expect(tools.tool(answer.id)?.duration).toBeNull();
    });

    it('adds -2, -3… when the slug is taken by another tool, current or former (docs/product/rules.md#R98)', async () => {
      const { service, tools } = setup();
      tools.seed({ name: 'Plan de trésorerie', slug: 'plan-de-tresorerie' });
      const renamed = tools.seed({ name: 'Budget', slug: 'budget' });
      tools.state.history.push({ slug: 'plan-de-tresorerie-2', toolId: renamed.id });

      const answer = await service.create(form, [uploads.toolFile()]);
      expect(answer.slug).toBe('plan-de-tresorerie-3');
      expect(tools.tool(answer.id)?.slug).toBe('plan-de-tresorerie-3');
    });

    it('never takes a slug that a /tools/ route uses, nor only digits (docs/product/rules.md#R98)', async () => {
      const { service } = setup();
      expect((await service.create({ ...form, title: 'Download' }, [uploads.toolFile()])).slug).toBe('download-2');
      expect((await service.create({ ...form, title: '2026' }, [uploads.toolFile()])).slug).toBe('outil-2026');
    });

    it('saves again with the next free slug when a concurrent save takes it first, keeping one stored file (docs/product/rules.md#R98)', async () => {
      const { service, tools, storage, transactions } = setup();
      tools.racesLeft = 1;
      const answer = await service.create(form, [uploads.toolFile()]);

      expect(answer.slug).toBe('plan-de-tresorerie-2');
      expect([...tools.state.tools.values()].map((t) => t.slug).sort()).toEqual(['plan-de-tresorerie', 'plan-de-tresorerie-2']);
      expect(storage.keys('tools/files/')).toEqual([tools.tool(answer.id)!.file.key]);
      expect([transactions.rollbacks, transactions.commits]).toEqual([1, 1]);
    });

    it('gives up after three lost races with a 409 to retry, leaving neither its tool nor its files behind', async () => {
      const { service, tools, storage, transactions } = setup();
      tools.racesLeft = 3;
      const refusal = service.create(form, [uploads.toolFile(), uploads.image()]);
      await expect(refusal).rejects.toBeInstanceOf(MessageError);
      await expect(refusal).rejects.toMatchObject({ status: 409, message: CatalogueMessages.slugBusy });

      expect([...tools.state.tools.values()].map((t) => t.name)).toEqual([
        'Rival plan-de-tresorerie', 'Rival plan-de-tresorerie-2', 'Rival plan-de-tresorerie-3',
      ]);
      expect(storage.keys()).toEqual([]);
      expect(transactions.rollbacks).toBe(3);
    });

    it('removes the files it stored when the database refuses the save: nothing is left (docs/product/rules.md#R168)', async () => {
      const { service, tools, storage, transactions } = setup();
      tools.failImagesWith = new Error('connection lost');
      await expect(service.create(form, [uploads.toolFile(), uploads.image()])).rejects.toThrow('connection lost');

      expect(tools.state.tools.size).toBe(0);
      expect(storage.keys()).toEqual([]);
      expect(storage.deleted).toHaveLength(2);
      expect(transactions.rollbacks).toBe(1);
    });

    it('answers every problem of the form at once and writes nothing: no tool, no stored file (docs/product/rules.md#R132)', async () => {
      const { service, tools, storage, transactions } = setup();
      const error = await service
        .create({ ...form, title: '', category: '99', difficulty: 'Facile' }, [uploads.toolFile('outil.pdf', EXE), uploads.image('photo.png', PDF)])
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(FieldValidationError);
      expect((error as FieldValidationError).errors).toEqual({
        title: [CatalogueMessages.fieldRequired('Titre')],
        category: [CatalogueMessages.categoryUnknown],
        difficulty: [CatalogueMessages.difficultyInvalid],
        toolFile: [CatalogueMessages.fileTypeRefused],
        images: [CatalogueMessages.imageTypeRefused],
      });
      // The first message is the first field on screen (title), as the form shows them.
      expect(Object.keys((error as FieldValidationError).errors)[0]).toBe('title');
      expect([tools.state.tools.size, storage.keys().length, transactions.commits + transactions.rollbacks]).toEqual([0, 0, 0]);
    });

    it.each([
      ['an executable named .pdf', 'outil.pdf', EXE, CatalogueMessages.fileTypeRefused],
      ['an HTML page', 'page.html', '<!doctype html><title>x</title>', CatalogueMessages.fileTypeRefused],
      ['a PDF named .xlsx', 'tableau.xlsx', PDF, CatalogueMessages.fileExtensionMismatch],
      ['an empty file', 'vide.pdf', '', CatalogueMessages.fileEmpty],
    ])('refuses %s by its content (docs/product/rules.md#R130)', async (_label, name, body, message) => {
      const { service, tools, storage } = setup();
      const error = await service.create(form, [uploads.toolFile(name, body)]).catch((e: unknown) => e);
      expect((error as FieldValidationError).errors).toEqual({ toolFile: [message] });
      expect([tools.state.tools.size, storage.keys().length]).toEqual([0, 0]);
    });

    it('accepts a CSV by its text content and its name (docs/product/rules.md#R130)', async () => {
      const { service, tools } = setup();
      const answer = await service.create(form, [uploads.toolFile('comptes.csv', 'date;montant\n01/02/2026;12,50\n')]);
      expect(tools.tool(answer.id)?.file).toMatchObject({ name: 'comptes.csv', mime: 'text/csv; charset=utf-8' });
      expect(tools.tool(answer.id)?.file.key).toMatch(/^tools\/files\/.+\.csv$/);
    });

    it('requires the file (docs/product/rules.md#R207)', async () => {
      const { service } = setup();
      const error = await service.create(form, []).catch((e: unknown) => e);
      expect((error as FieldValidationError).errors).toEqual({ toolFile: [CatalogueMessages.fileRequired] });
    });
  });


  describe('delete', () => {
    it('removes the tool, its former slugs, and its file and images from storage (docs/product/rules.md#R125)', async () => {
      const { service, tools, storage, changes } = setup();
      const images = [{ id: '33333333-3333-4333-8333-333333333333', key: 'tools/images/33333333-3333-4333-8333-333333333333.png' }];
      const tool = tools.seed({ name: 'Budget', slug: 'budget' }, images);
      const other = tools.seed({ name: 'Devis', slug: 'devis' });
      tools.state.history.push({ slug: 'budget-annuel', toolId: tool.id });
      storage.seed(tool.file.key, PDF);
      storage.seed(images[0].key, png(), 'image/png');
      storage.seed(other.file.key, PDF);

      await expect(service.delete(tool.id)).resolves.toEqual({ status: 'deleted' });
      expect(changes.committed).toEqual([{ kind: 'tools', ids: [tool.id] }]);
      expect([...tools.state.tools.keys()]).toEqual([other.id]);
      expect(tools.formerSlugsOf(tool.id)).toEqual([]);
      expect(storage.keys()).toEqual([other.file.key]);
    });

    it('still deletes the tool when storage cannot remove a file (the file is only left behind)', async () => {
      const { service, tools, storage } = setup();
      const tool = tools.seed({ name: 'Budget', slug: 'budget' });
      storage.seed(tool.file.key, PDF);
      storage.failDeleteOf.add(tool.file.key);

      await expect(service.delete(tool.id)).resolves.toEqual({ status: 'deleted' });
      expect(tools.state.tools.size).toBe(0);
    });

    // A malformed id never reaches the service: ToolIdDto refuses it (admin-tools.controller.spec.ts).
    it('answers 404 for an unknown tool, removing nothing (docs/product/rules.md#R125)', async () => {
      const { service, tools, storage } = setup();
      const tool = tools.seed({ name: 'Budget', slug: 'budget' });
      storage.seed(tool.file.key, PDF);

      await expect(service.delete(999)).rejects.toEqual(new NotFoundError(CatalogueMessages.toolNotFound));
      expect([tools.state.tools.size, storage.keys().length, storage.deleted.length]).toEqual([1, 1, 0]);
    });
  });
});
