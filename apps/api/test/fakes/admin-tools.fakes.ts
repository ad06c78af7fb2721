import type { AppConfig } from '@outils/server-config';
import { afterCommit, type Transaction } from '@outils/server-db';
import type { TaxonomyRepository } from '../../src/modules/tools/taxonomy.repository';
import type { ToolsRepository } from '../../src/modules/tools/tools.repository';
import { AdminToolsRepository, ImageWrite, LockedTool, SlugTakenError, ToolWrite } from '../../src/modules/admin-tools/admin-tools.repository';
import { AdminToolsService } from '../../src/modules/admin-tools/admin-tools.service';
import { FakeStore, FakeTransactionRunner, Shape } from './persistence.fakes';
import { FakeStorage } from './storage.fakes';

/** What the database computes (docs/product/rules.md#R651). */
const isPublic = (tool: ToolWrite) =>
  !tool.publication.isDraft && (tool.publication.publishAt === null || tool.publication.publishAt === 'now' || tool.publication.publishAt.getTime() <= Date.now());

/**
 * The tool administration's fast tier (admin-tools.service*.spec.ts): the catalogue's write side
 * and storage in memory, no database.
 */

interface CatalogueState {
  tools: Map<number, LockedTool>;
  history: Array<{ slug: string; toolId: number }>;
}

/** The catalogue's write side in memory, with the slug uniqueness the database enforces. */
export class FakeAdminTools implements FakeStore, Shape<AdminToolsRepository> {
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
      ...tool, fileAlt: tool.fileAlt ?? null, id, images,
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
  /** Declared accessible alternatives by tool (docs/product/rules.md#R943). */
  readonly alternatives = new Map<number, string>();
  async setAlternative(_tx: Transaction, toolId: number, alt: { key: string } | null): Promise<string | null> {
    const former = this.alternatives.get(toolId) ?? null;
    if (alt) this.alternatives.set(toolId, alt.key);
    else this.alternatives.delete(toolId);
    return former;
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
/** The service over the fakes, and what each fake saw. */
export function adminToolsSetup() {
  const tools = new FakeAdminTools();
  const storage = new FakeStorage();
  const transactions = new FakeTransactionRunner([tools]);
  const taxonomy: Pick<Shape<TaxonomyRepository>, 'existingCategoryIds' | 'existingTypeIds'> = {
    existingCategoryIds: async (ids) => new Set(ids.filter((id) => id === 1 || id === 2)),
    existingTypeIds: async (ids) => new Set(ids.filter((id) => id === 1 || id === 2)),
  };
  const catalogue: Pick<Shape<ToolsRepository>, 'exists'> = { exists: async (id) => tools.state.tools.has(id) };
  // The catalogue is told of every saved or deleted tool (read-your-write, docs/product/rules.md#R302).
  const changes = { committed: [] as unknown[], async commit(change: unknown) { changes.committed.push(change); } };
  const catalogueChanges = { committed: (change: unknown) => changes.commit(change) };
  // Preview jobs of new PDFs (docs/product/rules.md#R636): written in the save's transaction, handed over after it.
  const jobs = { written: [] as unknown[], dispatched: [] as string[] };
  const outbox = {
    enqueue: async (tx: Transaction, job: unknown) => {
      const id = String(jobs.written.push(job));
      afterCommit(tx, () => jobs.dispatched.push(id));
      return id;
    },
  };
  // Versions (docs/product/rules.md#R900): what each save added, in memory.
  const versions = {
    added: [] as Array<{ toolId: number; note: string | null; minor: boolean }>,
    firstNotes: new Map<number, string>(),
    async add(_tx: unknown, toolId: number, v: { note: string | null; minor: boolean }) { versions.added.push({ toolId, note: v.note, minor: v.minor }); return versions.added.length + 1; },
    async setFirstNote(_tx: unknown, toolId: number, note: string) { versions.firstNotes.set(toolId, note); },
    async keysOf() { return [] as string[]; },
  };
  const service = new AdminToolsService(
    tools as never, transactions as never, taxonomy as never, catalogue as never, storage, config, catalogueChanges as never, outbox as never,
    versions as never,
  );
  return { service, tools, storage, transactions, changes, jobs, versions };
}

/** A complete, valid tool form (text fields). */
export const toolForm = {
  title: 'Plan de trésorerie',
  description: 'Un tableau pour suivre les entrées et sorties du mois.',
  type: '1',
  category: '2',
  difficulty: 'Simple',
  duration: '1,5',
};
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
