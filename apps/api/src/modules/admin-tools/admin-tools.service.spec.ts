import { Logger } from '@nestjs/common';
import { CatalogueMessages } from '@outils/contracts';
import type { AppConfig } from '@outils/server-config';
import { afterCommit, type Transaction } from '@outils/server-db';
import { FakeStore, FakeTransactionRunner, Shape } from '../../../test/fakes/persistence.fakes';
import { FakeStorage } from '../../../test/fakes/storage.fakes';
import { EXE, FakeUploads, PDF, png } from '../../../test/fakes/uploads.fakes';
import { FieldValidationError, MessageError, NotFoundError } from '../../common/errors/domain-error';
import type { TaxonomyRepository } from '../tools/taxonomy.repository';
import type { ToolsRepository } from '../tools/tools.repository';
import { AdminToolsRepository, ImageWrite, LockedTool, SlugTakenError, ToolWrite } from './admin-tools.repository';
import { variantKeysOf } from '../tools/image-variant-keys';
import { AdminToolsService } from './admin-tools.service';

/** What the database computes (docs/product/rules.md#R651). */
const isPublic = (tool: ToolWrite) =>
  !tool.publication.isDraft && (tool.publication.publishAt === null || tool.publication.publishAt === 'now' || tool.publication.publishAt.getTime() <= Date.now());

/**
 * Fast tier: the tool administration rules on an in-memory catalogue and storage (no database).
 * Files are real temporary files, because the service checks them by content.
 */

interface CatalogueState {
  tools: Map<number, LockedTool>;
  history: Array<{ slug: string; toolId: number }>;
}

/** The catalogue's write side in memory, with the slug uniqueness the database enforces. */
class FakeAdminTools implements FakeStore, Shape<AdminToolsRepository> {
  state: CatalogueState = { tools: new Map(), history: [] };
  /** Like a sequence: a rollback does not give an id back. */
  private nextId = 1;
  /**
   * Concurrent saves that will each commit, between this save's read of the taken slugs and its
   * write, a tool holding the slug this save is about to write.
   */
  racesLeft = 0;
  private readonly rivals: LockedTool[] = [];
  /** Fails the next image write (a database error in the middle of the save). */
  failImagesWith?: Error;

  snapshot(): unknown {
    return structuredClone(this.state);
  }
  restore(snapshot: unknown): void {
    this.state = snapshot as CatalogueState;
    // A rival's save committed in its own transaction: this save's rollback does not undo it.
    for (const rival of this.rivals) this.state.tools.set(rival.id, rival);
  }

  /** A tool saved earlier (outside any transaction). */
  seed(tool: Partial<ToolWrite> & { name: string; slug: string }, images: Array<{ id: string; key: string }> = []): LockedTool {
    const id = this.nextId++;
    const row: LockedTool = {
      description: 'Une description.', goal: null, people: null, duration: null, typeId: 1, categoryId: 1, difficulty: 'Simple',
      isFeatured: false, file: { key: `tools/files/seed-${id}.pdf`, name: 'seed.pdf', mime: 'application/pdf', size: 10, pages: 1 },
      publication: { isDraft: false, publishAt: null }, isPublic: true, previewKey: null,
      ...tool, id, images,
    };
    this.state.tools.set(id, row);
    return row;
  }
  formerSlugsOf(toolId: number): string[] {
    return this.state.history.filter((h) => h.toolId === toolId).map((h) => h.slug).sort();
  }
  tool(id: number): LockedTool | undefined {
    return this.state.tools.get(id);
  }

  private ownerOf(slug: string): number | undefined {
    for (const tool of this.state.tools.values()) if (tool.slug === slug) return tool.id;
    return this.state.history.find((h) => h.slug === slug)?.toolId;
  }
  /** Just before a write: a rival save commits a tool holding `slug` (after this save read the slugs). */
  private rivalTakes(slug: string): void {
    if (this.racesLeft === 0) return;
    this.racesLeft -= 1;
    const rival = this.seed({ name: `Rival ${slug}`, slug });
    this.rivals.push(rival);
  }

  async slugsTaken(_tx: Transaction, base: string, exceptToolId?: number): Promise<Set<string>> {
    const matches = (slug: string) => slug === base || slug.startsWith(`${base}-`);
    const visible = (toolId: number) => toolId !== exceptToolId;
    const taken = new Set<string>();
    for (const tool of this.state.tools.values()) if (visible(tool.id) && matches(tool.slug)) taken.add(tool.slug);
    for (const h of this.state.history) if (visible(h.toolId) && matches(h.slug)) taken.add(h.slug);
    return taken;
  }
  async insert(_tx: Transaction, tool: ToolWrite): Promise<number> {
    this.rivalTakes(tool.slug);
    if (this.ownerOf(tool.slug) !== undefined) throw new SlugTakenError();
    const id = this.nextId++;
    this.state.tools.set(id, { ...structuredClone(tool), id, images: [], isPublic: isPublic(tool), previewKey: null });
    return id;
  }
  async lock(_tx: Transaction, toolId: number): Promise<LockedTool | null> {
    const tool = this.state.tools.get(toolId);
    return tool ? structuredClone(tool) : null;
  }
  async update(_tx: Transaction, toolId: number, tool: ToolWrite): Promise<void> {
    const current = this.state.tools.get(toolId)!;
    if (tool.slug !== current.slug) this.rivalTakes(tool.slug);
    const owner = this.ownerOf(tool.slug);
    if (owner !== undefined && owner !== toolId) throw new SlugTakenError();
    this.state.tools.set(toolId, { ...structuredClone(tool), id: toolId, images: current.images, isPublic: isPublic(tool), previewKey: current.file.key === tool.file.key ? current.previewKey : null });
  }
  async moveSlug(_tx: Transaction, toolId: number, formerSlug: string, newSlug: string): Promise<void> {
    this.state.history = this.state.history.filter((h) => !(h.slug === newSlug && h.toolId === toolId));
    if (this.state.history.some((h) => h.slug === formerSlug)) throw new SlugTakenError();
    this.state.history.push({ slug: formerSlug, toolId });
  }
  async setImages(_tx: Transaction, toolId: number, images: ImageWrite[]): Promise<void> {
    if (this.failImagesWith) {
      const error = this.failImagesWith;
      this.failImagesWith = undefined;
      throw error;
    }
    const tool = this.state.tools.get(toolId)!;
    const keyOf = new Map(tool.images.map((i) => [i.id, i.key]));
    tool.images = images.map((i) => ({ id: i.id, key: i.key ?? keyOf.get(i.id)! }));
  }
  async delete(_tx: Transaction, toolId: number): Promise<string[] | null> {
    const tool = this.state.tools.get(toolId);
    if (!tool) return null;
    this.state.tools.delete(toolId);
    this.state.history = this.state.history.filter((h) => h.toolId !== toolId);
    return [tool.file.key, ...tool.images.map((i) => i.key)];
  }
}

const config = { uploads: { maxToolFileBytes: 50 * 1024 * 1024, maxImageBytes: 5 * 1024 * 1024 } } as AppConfig;
const uploads = new FakeUploads();
afterAll(() => uploads.cleanup());
// Storage failures are logged by the service; the specs assert on their outcome instead.
beforeAll(() => Logger.overrideLogger(false));

function setup() {
  const tools = new FakeAdminTools();
  const storage = new FakeStorage();
  const transactions = new FakeTransactionRunner([tools]);
  const taxonomy: Pick<Shape<TaxonomyRepository>, 'existingCategoryIds' | 'existingTypeIds'> = {
    existingCategoryIds: async (ids) => new Set(ids.filter((id) => id === 1 || id === 2)),
    existingTypeIds: async (ids) => new Set(ids.filter((id) => id === 1 || id === 2)),
  };
  const catalogue: Pick<Shape<ToolsRepository>, 'exists'> = { exists: async (id) => tools.state.tools.has(id) };
  // The read model is told of every saved or deleted tool (read-your-write, docs/product/rules.md#R302).
  const readModel = { refreshed: [] as number[], refreshTools: async (ids: number[]) => void readModel.refreshed.push(...ids) };
  // Preview jobs of new PDFs (docs/product/rules.md#R636): written in the save's transaction, handed over after it.
  const jobs = { written: [] as unknown[], dispatched: [] as string[] };
  const outbox = {
    enqueue: async (tx: Transaction, job: unknown) => {
      const id = String(jobs.written.push(job));
      afterCommit(tx, () => jobs.dispatched.push(id));
      return id;
    },
  };
  const service = new AdminToolsService(
    tools as never, transactions as never, taxonomy as never, catalogue as never, storage, config, readModel as never, outbox as never,
  );
  return { service, tools, storage, transactions, readModel, jobs };
}

const form = {
  title: 'Plan de trésorerie',
  description: 'Un tableau pour suivre les entrées et sorties du mois.',
  type: '1',
  category: '2',
  difficulty: 'Simple',
  duration: '1,5',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('AdminToolsService (fake catalogue and storage)', () => {
  describe('create', () => {
    it('stores the file and the images, writes one tool named after its title, and answers its id and slug (docs/product/rules.md#R132)', async () => {
      const { service, tools, storage, transactions } = setup();
      const answer = await service.create(form, [uploads.toolFile('Trésorerie 2026.pdf'), uploads.image('a.png'), uploads.image('b.png')]);

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
      expect(jobs.written).toEqual([{ name: 'inspect-tool-file', data: { toolId: answer.id, fileKey: tools.tool(answer.id)!.file.key } }]);
      expect(jobs.dispatched).toEqual(['1']);
      // A save that keeps the file queues nothing more.
      await service.update({ toolId: String(answer.id), description: 'Autre.' }, []);
      expect(jobs.written).toHaveLength(1);
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

  describe('update', () => {
    function withTool() {
      const ctx = setup();
      const images = [{ id: '11111111-1111-4111-8111-111111111111', key: 'tools/images/11111111-1111-4111-8111-111111111111.png' }];
      const tool = ctx.tools.seed({ name: 'Plan de trésorerie', slug: 'plan-de-tresorerie', goal: 'Voir venir', duration: 2 }, images);
      ctx.storage.seed(tool.file.key, PDF);
      ctx.storage.seed(images[0].key, png(), 'image/png');
      return { ...ctx, tool, image: images[0] };
    }

    it('gives a renamed tool a new slug and keeps the former one for the redirect, with a warning (docs/product/rules.md#R99)', async () => {
      const { service, tools, tool } = withTool();
      const answer = await service.update({ toolId: String(tool.id), title: 'Prévisionnel de trésorerie', description: tool.description }, []);

      expect(answer).toEqual({
        message: CatalogueMessages.toolUpdated, id: tool.id, slug: 'previsionnel-de-tresorerie',
        warning: CatalogueMessages.warningSlugChanged('previsionnel-de-tresorerie'),
      });
      expect(tools.tool(tool.id)).toMatchObject({ name: 'Prévisionnel de trésorerie', slug: 'previsionnel-de-tresorerie' });
      expect(tools.formerSlugsOf(tool.id)).toEqual(['plan-de-tresorerie']);
    });

    it('gives the old slug back when the tool is renamed back (docs/product/rules.md#R99)', async () => {
      const { service, tools, tool } = withTool();
      await service.update({ toolId: tool.id, title: 'Prévisionnel', description: tool.description }, []);
      const answer = await service.update({ toolId: tool.id, title: 'Plan de trésorerie', description: tool.description }, []);

      expect(answer.slug).toBe('plan-de-tresorerie');
      expect(tools.formerSlugsOf(tool.id)).toEqual(['previsionnel']);
    });

    it('keeps the slug when the new title gives the same one, without a warning', async () => {
      const { service, tools, tool } = withTool();
      const answer = await service.update({ toolId: tool.id, title: 'PLAN DE TRÉSORERIE', description: tool.description }, []);
      expect(answer).toEqual({ message: CatalogueMessages.toolUpdated, id: tool.id, slug: 'plan-de-tresorerie' });
      expect(tools.formerSlugsOf(tool.id)).toEqual([]);
    });

    it('does not take a slug another tool holds or held: -2 (docs/product/rules.md#R98)', async () => {
      const { service, tools, tool } = withTool();
      tools.seed({ name: 'Budget', slug: 'budget' });
      const answer = await service.update({ toolId: tool.id, title: 'Budget', description: tool.description }, []);
      expect(answer.slug).toBe('budget-2');
      expect(tools.formerSlugsOf(tool.id)).toEqual(['plan-de-tresorerie']);
    });

    it('renames with the next free slug when a concurrent save takes the new one first (docs/product/rules.md#R98)', async () => {
      const { service, tools, tool, transactions } = withTool();
      tools.racesLeft = 1;
      const answer = await service.update({ toolId: tool.id, title: 'Budget', description: tool.description }, []);
      expect(answer.slug).toBe('budget-2');
      expect(tools.formerSlugsOf(tool.id)).toEqual(['plan-de-tresorerie']);
      expect([transactions.rollbacks, transactions.commits]).toEqual([1, 1]);
    });

    it('changes only the fields it carries; an empty goal or duration clears them (docs/product/rules.md#R207)', async () => {
      const { service, tools, tool } = withTool();
      await service.update({ toolId: tool.id, description: 'Nouvelle description.', goal: '', duration: '' }, []);
      expect(tools.tool(tool.id)).toMatchObject({
        name: 'Plan de trésorerie', slug: 'plan-de-tresorerie', description: 'Nouvelle description.', goal: null, duration: null,
        typeId: 1, categoryId: 1, difficulty: 'Simple', file: tool.file,
      });
    });

    it('refuses a required field sent empty and changes nothing (docs/product/rules.md#R207)', async () => {
      const { service, tools, tool, transactions } = withTool();
      const error = await service.update({ toolId: tool.id, title: '', type: '', description: tool.description }, []).catch((e: unknown) => e);
      expect((error as FieldValidationError).errors).toEqual({
        title: [CatalogueMessages.fieldRequired('Titre')],
        type: [CatalogueMessages.fieldRequired('Type d’outils')],
      });
      expect(tools.tool(tool.id)).toEqual(tool);
      expect(transactions.commits).toBe(0);
    });

    it('replaces the file and drops the images left out: their stored files go, after the commit (docs/product/rules.md#R168)', async () => {
      const { service, tools, storage, tool, image } = withTool();
      const answer = await service.update({ toolId: tool.id, description: tool.description }, [uploads.toolFile('v2.pdf'), uploads.image('nouvelle.png')]);

      const saved = tools.tool(answer.id)!;
      expect(saved.file).toMatchObject({ name: 'v2.pdf', mime: 'application/pdf' });
      expect(saved.file.key).not.toBe(tool.file.key);
      expect(saved.images).toHaveLength(1);
      expect(saved.images[0].id).not.toBe(image.id);
      expect(storage.keys()).toEqual([saved.file.key, saved.images[0].key].sort());
      // The image goes with its copies (docs/product/rules.md#R700).
      expect(storage.deleted.sort()).toEqual([tool.file.key, image.key, ...variantKeysOf(image.key)].sort());
    });

    it('keeps the images listed in images[], in the order sent, and ignores ids of other tools with a warning (docs/product/rules.md#R131)', async () => {
      const { service, tools, storage, tool, image } = withTool();
      const foreign = '22222222-2222-4222-8222-222222222222';
      const answer = await service.update(
        { toolId: tool.id, description: tool.description, 'images[]': [foreign, image.id], imagesOrder: `new:0,${image.id}` },
        [uploads.image('premiere.png')],
      );

      expect(answer.warning).toBe(CatalogueMessages.warningImagesIgnored(1));
      const saved = tools.tool(tool.id)!;
      expect(saved.images.map((i) => i.id)).toEqual([expect.stringMatching(UUID), image.id]);
      expect(storage.objects.has(image.key)).toBe(true);
      expect(storage.deleted).toEqual([]);
    });

    it('leaves the tool, its slugs and its files as they were when the save fails, and removes the new files (docs/product/rules.md#R168)', async () => {
      const { service, tools, storage, tool, image, transactions } = withTool();
      tools.failImagesWith = new Error('connection lost');
      await expect(
        service.update({ toolId: tool.id, title: 'Prévisionnel', description: 'Autre.' }, [uploads.toolFile('v2.pdf'), uploads.image()]),
      ).rejects.toThrow('connection lost');

      expect(tools.tool(tool.id)).toEqual(tool);
      expect(tools.formerSlugsOf(tool.id)).toEqual([]);
      expect(storage.keys()).toEqual([tool.file.key, image.key].sort());
      expect(transactions.rollbacks).toBe(1);
    });

    it('answers 404 for an unknown tool and 400 for a malformed id, storing nothing (docs/product/rules.md#R125)', async () => {
      const { service, storage } = withTool();
      await expect(service.update({ toolId: '999', description: 'x' }, [uploads.toolFile()])).rejects.toEqual(new NotFoundError(CatalogueMessages.toolNotFound));
      const error = await service.update({ toolId: 'abc', description: 'x' }, []).catch((e: unknown) => e);
      expect((error as FieldValidationError).errors).toEqual({ toolId: [CatalogueMessages.invalidToolId] });
      expect(storage.keys()).toHaveLength(2);
    });
  });

  describe('delete', () => {
    it('removes the tool, its former slugs, and its file and images from storage (docs/product/rules.md#R125)', async () => {
      const { service, tools, storage } = setup();
      const images = [{ id: '33333333-3333-4333-8333-333333333333', key: 'tools/images/33333333-3333-4333-8333-333333333333.png' }];
      const tool = tools.seed({ name: 'Budget', slug: 'budget' }, images);
      const other = tools.seed({ name: 'Devis', slug: 'devis' });
      tools.state.history.push({ slug: 'budget-annuel', toolId: tool.id });
      storage.seed(tool.file.key, PDF);
      storage.seed(images[0].key, png(), 'image/png');
      storage.seed(other.file.key, PDF);

      await expect(service.delete(tool.id)).resolves.toEqual({ status: 'deleted' });
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
