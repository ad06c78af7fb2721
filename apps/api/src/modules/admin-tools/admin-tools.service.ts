import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { AdminToolDeleteResponse, AdminToolSaveResult, CatalogueMessages, FieldErrors } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { checkedFormat, countFilePages, PDF_MIME } from '@outils/server-documents';
import type { Transaction } from '@outils/server-db';
import { StoragePort } from '@outils/server-storage';
import { FieldValidationError, MessageError, NotFoundError } from '../../common/errors/domain-error';
import { variantKeysOf } from '../tools/image-variant-keys';
import { TaxonomyRepository } from '../tools/taxonomy.repository';
import { CatalogueChangesRepository } from '../tools/read-model/catalogue-changes.repository';
import { ToolsRepository } from '../tools/tools.repository';
import { checkInput } from '../../common/validation/validate-input';
import { TransactionRunner } from '../../common/persistence/transaction-runner';
import { AdminToolsRepository, ImageWrite, LockedTool, PublicationWrite, SlugTakenError, ToolWrite } from './admin-tools.repository';
import { inspectImage, inspectToolFile } from './file-inspection';
import { baseSlug, firstFreeSlug } from '../../common/text/slug';
import { CreateToolDto, FIELD_LABELS, FormMode, ToolIdDto, UpdateToolDto } from './dto/tool-form.dto';
import { isImageField, MAX_IMAGES, readToolForm, ToolFormValues, UploadedPart } from './tool-form';
import type { UploadRules } from '../../common/http/multipart-upload';
import { OutboxService } from '../../infrastructure/outbox/outbox.service';
import { ToolVersionsRepository } from './versions/tool-versions.repository';
import { readVersionFields } from './versions/version-form';

interface StagedFile {
  key: string;
  mime: string;
  size: number;
  name: string;
  /** Tool files only: PDF and DOCX pages, counted at upload (docs/product/rules.md#R631). */
  pages: number | null;
}

/**
 * The publication to write (docs/product/rules.md#R654): not asked, a new tool is published at
 * once and an update keeps what it had; « Publié » keeps the date of a tool already public and
 * publishes any other now; a draft forgets its date.
 */
function publicationWrite(asked: ToolFormValues['publication'], current: LockedTool | null): PublicationWrite {
  if (!asked) return current ? current.publication : { isDraft: false, publishAt: null };
  if (asked.status === 'draft') return { isDraft: true, publishAt: null };
  if (asked.status === 'scheduled') return { isDraft: false, publishAt: asked.publishAt! };
  if (!current) return { isDraft: false, publishAt: null };
  return current.isPublic ? current.publication : { isDraft: false, publishAt: 'now' };
}

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
/** Image tool files, which need their description (docs/product/rules.md#R942). */
const IMAGE_MIMES = new Set(['image/png', 'image/jpeg']);
/** What a declared accessible alternative may be (docs/product/rules.md#R943). */
const ALT_EXTS = new Set(['pdf', 'docx', 'xlsx', 'csv']);
/** docs/product/rules.md#R943: the alternative sent (`altFile`) or asked to be removed (`altFileRemove`). */
const altFileOf = (files: UploadedPart[]) => files.find((f) => f.fieldname === 'altFile');
const altRemoved = (body: Record<string, unknown>) => body.altFileRemove === 'true' || body.altFileRemove === '1';

/**
 * Tool administration (create, update, delete). Files are checked by content, written to
 * storage BEFORE the database commit and removed again if the transaction fails; files that
 * a committed change replaced or removed leave storage after the commit.
 */
@Injectable()
export class AdminToolsService {
  private readonly logger = new Logger(AdminToolsService.name);

  constructor(
    private readonly tools: AdminToolsRepository,
    private readonly transactions: TransactionRunner,
    private readonly taxonomy: TaxonomyRepository,
    private readonly catalogue: ToolsRepository,
    private readonly storage: StoragePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly changes: CatalogueChangesRepository,
    private readonly outbox: OutboxService,
    private readonly versions: ToolVersionsRepository,
  ) {}

  /**
   * What the tool form may upload (docs/product/rules.md#R131, docs/product/rules.md#R155): one tool file up to MAX_TOOL_FILE_MB, at most
   * MAX_IMAGES images of MAX_IMAGE_MB each. The multipart reader applies it while reading, so
   * a part over its limit is cut at its first byte too many.
   */
  readonly uploadRules: UploadRules = {
    ruleFor: (fieldname) => {
      if (fieldname === 'toolFile' || fieldname === 'altFile') {
        return {
          group: fieldname,
          rule: {
            maxBytes: this.config.uploads.maxToolFileBytes,
            maxCount: 1,
            tooLarge: () => new MessageError(HttpStatus.PAYLOAD_TOO_LARGE, CatalogueMessages.fileTooLarge(mb(this.config.uploads.maxToolFileBytes))),
            tooMany: () => FieldValidationError.single(fieldname, CatalogueMessages.tooManyFiles),
          },
        };
      }
      if (isImageField(fieldname)) {
        return {
          group: 'images',
          rule: {
            maxBytes: this.config.uploads.maxImageBytes,
            maxCount: MAX_IMAGES,
            tooLarge: () => new MessageError(HttpStatus.PAYLOAD_TOO_LARGE, CatalogueMessages.imageTooLarge(mb(this.config.uploads.maxImageBytes))),
            tooMany: () => FieldValidationError.single('images', CatalogueMessages.tooManyImages(MAX_IMAGES)),
          },
        };
      }
      return null;
    },
    unexpectedField: (fieldname) => FieldValidationError.single('toolFile', CatalogueMessages.unexpectedFileField(fieldname.slice(0, 40))),
  };

  async create(body: Record<string, unknown>, files: UploadedPart[]): Promise<AdminToolSaveResult> {
    const values = await this.readForm(body, files, 'create');
    const warnings: string[] = [];
    if (values.duration === undefined || values.duration === null) warnings.push(CatalogueMessages.warningDurationMissing);
    if (values.unreadableImageRefs > 0) warnings.push(CatalogueMessages.warningImagesIgnored(values.unreadableImageRefs));
    // On create there is nothing to keep: ids sent in images[] cannot belong to this tool.
    const keptRefs = values.images.filter((slot) => slot.kind === 'kept').length;
    if (keptRefs > 0) warnings.push(CatalogueMessages.warningImagesIgnored(keptRefs));

    const staged: StagedFile[] = [];
    try {
      const file = await this.stage(values.toolFile!, 'files', staged);
      const alt = altFileOf(files) && (await this.stage(altFileOf(files)!, 'files', staged));
      const images: ImageWrite[] = [];
      for (const slot of values.images) {
        if (slot.kind === 'new') images.push(await this.stageImage(slot.file, staged));
      }
      const { id, slug } = await this.withSlugRetry(() =>
        this.transactions.run(async (tx) => {
          const slug = firstFreeSlug(baseSlug(values.name!), await this.tools.slugsTaken(tx, baseSlug(values.name!)));
          const write: ToolWrite = {
            slug,
            name: values.name!,
            description: values.description!,
            goal: values.goal ?? null,
            people: values.people ?? null,
            duration: values.duration ?? null,
            typeId: values.typeId!,
            categoryId: values.categoryId!,
            difficulty: values.difficulty ?? null,
            isFeatured: values.isFeatured ?? false,
            file: { key: file.key, name: file.name, mime: file.mime, size: file.size, pages: file.pages },
            fileAlt: values.fileAlt ?? null,
            publication: publicationWrite(values.publication, null),
          };
          const id = await this.tools.insert(tx, write);
          // Version 1 is made by the database with the tool; the form may give it its note (docs/product/rules.md#R900).
          if (values.version?.note) await this.versions.setFirstNote(tx, id, values.version.note);
          await this.tools.setImages(tx, id, images);
          await this.queuePreview(tx, id, file);
          if (alt) await this.setAlternative(tx, id, alt);
          return { id, slug };
        }),
      );
      // Read-your-write: this instance answers the new tool before the admin gets the reply;
      // the others learn it from the database's notification (docs/product/rules.md#R302).
      await this.changes.committed({ kind: 'tools', ids: [id] });
      return this.reply(CatalogueMessages.toolCreated, warnings, id, slug);
    } catch (error) {
      await this.discard(staged.map((s) => s.key));
      throw error;
    }
  }

  async update(body: Record<string, unknown>, files: UploadedPart[]): Promise<AdminToolSaveResult> {
    const toolId = await this.toolId(body);
    if (!(await this.catalogue.exists(toolId))) throw new NotFoundError(CatalogueMessages.toolNotFound);
    const values = await this.readForm(body, files, 'update');

    const staged: StagedFile[] = [];
    try {
      const file = values.toolFile ? await this.stage(values.toolFile, 'files', staged) : undefined;
      const alt = altFileOf(files) ? await this.stage(altFileOf(files)!, 'files', staged) : altRemoved(body) ? null : undefined;
      const newImages = new Map<UploadedPart, ImageWrite>();
      for (const slot of values.images) {
        if (slot.kind === 'new') newImages.set(slot.file, await this.stageImage(slot.file, staged));
      }

      const outcome = await this.withSlugRetry(() =>
        this.transactions.run(async (tx) => {
          const current = await this.tools.lock(tx, toolId);
          if (!current) throw new NotFoundError(CatalogueMessages.toolNotFound);
          const warnings: string[] = [];
          if (values.unreadableImageRefs > 0) warnings.push(CatalogueMessages.warningImagesIgnored(values.unreadableImageRefs));

          // Kept ids must be images of THIS tool; others are ignored with a warning.
          const own = new Set(current.images.map((i) => i.id));
          const images: ImageWrite[] = [];
          let foreign = 0;
          for (const slot of values.images) {
            if (slot.kind === 'new') images.push(newImages.get(slot.file)!);
            else if (own.has(slot.id)) images.push({ id: slot.id });
            else foreign += 1;
          }
          if (foreign > 0) warnings.push(CatalogueMessages.warningImagesIgnored(foreign));

          const name = values.name ?? current.name;
          let slug = current.slug;
          if (name !== current.name && baseSlug(name) !== baseSlug(current.name)) {
            const base = baseSlug(name);
            slug = firstFreeSlug(base, await this.tools.slugsTaken(tx, base, toolId));
            if (slug !== current.slug) {
              await this.tools.moveSlug(tx, toolId, current.slug, slug);
              warnings.push(CatalogueMessages.warningSlugChanged(slug));
            }
          }
          // A new file is a new version; the earlier files stay in storage (docs/product/rules.md#R900, #R902).
          if (file) await this.versions.add(tx, toolId, { file, note: values.version!.note, minor: values.version!.minor, restoredFrom: null });
          const merged = this.merge(current, values, slug, name, file);
          // docs/product/rules.md#R942: a kept image file cannot lose its description; a new one is checked again.
          if (!file && IMAGE_MIMES.has(current.file.mime) && values.fileAlt === null) throw FieldValidationError.single('fileAlt', CatalogueMessages.fileAltRequired);
          await this.tools.update(tx, toolId, merged);
          if (!file && IMAGE_MIMES.has(current.file.mime) && merged.fileAlt !== current.fileAlt) {
            await this.outbox.enqueue(tx, { name: 'check-document-accessibility', data: { toolId, fileKey: current.file.key } });
          }
          await this.tools.setImages(tx, toolId, images);

          const keptIds = new Set(images.filter((i) => !i.key).map((i) => i.id));
          // An image goes with its copies (docs/product/rules.md#R700).
          const obsolete = current.images.filter((i) => !keptIds.has(i.id)).flatMap((i) => [i.key, ...variantKeysOf(i.key)]);
          if (file) await this.queuePreview(tx, toolId, file);
          const formerAlt = alt !== undefined ? await this.setAlternative(tx, toolId, alt) : null;
          if (formerAlt && formerAlt !== alt?.key) obsolete.push(formerAlt);
          return { slug, warnings, obsolete };
        }),
      );
      await this.discard(outcome.obsolete);
      await this.changes.committed({ kind: 'tools', ids: [toolId] });
      return this.reply(CatalogueMessages.toolUpdated, outcome.warnings, toolId, outcome.slug);
    } catch (error) {
      await this.discard(staged.map((s) => s.key));
      throw error;
    }
  }

  async delete(toolId: number): Promise<AdminToolDeleteResponse> {
    const keys = await this.transactions.run(async (tx) => {
      // Every version's file and preview leaves storage with the tool (docs/product/rules.md#R902).
      const versionKeys = await this.versions.keysOf(tx, toolId);
      const own = await this.tools.delete(tx, toolId);
      return own && [...new Set([...own, ...versionKeys])];
    });
    if (!keys) throw new NotFoundError(CatalogueMessages.toolNotFound);
    await this.changes.committed({ kind: 'tools', ids: [toolId] });
    await this.discard(keys.flatMap((key) => [key, ...variantKeysOf(key)]));
    return { status: 'deleted' };
  }

  /** Fields, references and file contents; every problem at once, as 400 `{ errors }`. */
  private async readForm(body: Record<string, unknown>, files: UploadedPart[], mode: FormMode): Promise<ToolFormValues> {
    const fields = await checkInput<CreateToolDto | UpdateToolDto>(mode === 'create' ? CreateToolDto : UpdateToolDto, body);
    const { values, errors } = readToolForm(body, fields.value, fields.errors, files, mode);
    const add = (field: string, message: string) => (errors[field] ??= []).push(message);
    const version = readVersionFields(body, Boolean(values.toolFile), mode);
    for (const [field, messages] of Object.entries(version.errors)) for (const message of messages) add(field, message);
    values.version = version.values;

    // Sizes were checked while the parts were read (uploadRules), before they reached disk.
    if (values.toolFile) {
      const inspection = await inspectToolFile(values.toolFile.path, values.toolFile.originalname);
      if (!inspection.ok) add('toolFile', inspection.error);
      // docs/product/rules.md#R942: an image tool file comes with its description.
      else if (IMAGE_MIMES.has(inspection.mime) && !values.fileAlt && !errors.fileAlt) add('fileAlt', CatalogueMessages.fileAltRequired);
    }
    const alt = altFileOf(files);
    if (alt) {
      // docs/product/rules.md#R943: the same type sniffing as the main file, then only the formats the check reads.
      const inspection = await inspectToolFile(alt.path, alt.originalname);
      if (!inspection.ok) add('altFile', inspection.error);
      else if (!ALT_EXTS.has(inspection.ext)) add('altFile', CatalogueMessages.altFileTypeRefused);
    }
    for (const slot of values.images) {
      if (slot.kind !== 'new') continue;
      const inspection = await inspectImage(slot.file.path);
      if (!inspection.ok && !errors.images?.includes(inspection.error)) add('images', inspection.error);
    }
    const [categories, types] = await Promise.all([
      this.taxonomy.existingCategoryIds(values.categoryId ? [values.categoryId] : []),
      this.taxonomy.existingTypeIds(values.typeId ? [values.typeId] : []),
    ]);
    if (values.categoryId && !categories.has(values.categoryId)) add('category', CatalogueMessages.categoryUnknown);
    if (values.typeId && !types.has(values.typeId)) add('type', CatalogueMessages.typeUnknown);

    if (Object.keys(errors).length > 0) throw new FieldValidationError(this.ordered(errors));
    return values;
  }

  /** The update's `toolId`, checked first and alone (before the 404 and the form): 400 `{ errors: { toolId } }`. */
  private async toolId(body: Record<string, unknown>): Promise<number> {
    const { value, errors } = await checkInput(ToolIdDto, body);
    if (Object.keys(errors).length > 0) throw new FieldValidationError(errors);
    return value.toolId;
  }

  private async stage(part: UploadedPart, folder: 'files' | 'images', staged: StagedFile[]): Promise<StagedFile> {
    const inspection = folder === 'files' ? await inspectToolFile(part.path, part.originalname) : await inspectImage(part.path);
    if (!inspection.ok) throw FieldValidationError.single(folder === 'files' ? 'toolFile' : 'images', inspection.error);
    const key = `tools/${folder}/${randomUUID()}.${inspection.ext}`;
    await this.storage.putFile(key, part.path, inspection.mime);
    const pages = folder === 'files' ? await countFilePages(part.path, inspection.mime) : null;
    const file = { key, mime: inspection.mime, size: part.size, name: part.originalname.slice(0, 255) || key, pages };
    staged.push(file);
    return file;
  }

  /**
   * A new PDF gets its first page rendered by the worker (docs/product/rules.md#R636), and a new
   * file of a checked format its accessibility checked (docs/product/rules.md#R934): the jobs are
   * written in the save's transaction, so they exist if and only if the file does.
   */
  private async queuePreview(tx: Transaction, toolId: number, file: StagedFile): Promise<void> {
    if (file.mime === PDF_MIME) await this.outbox.enqueue(tx, { name: 'inspect-tool-file', data: { toolId, fileKey: file.key } });
    if (checkedFormat(file.mime)) await this.outbox.enqueue(tx, { name: 'check-document-accessibility', data: { toolId, fileKey: file.key } });
  }

  /** docs/product/rules.md#R943, docs/product/rules.md#R947: the alternative written, and its check queued in the same transaction. */
  private async setAlternative(tx: Transaction, toolId: number, alt: StagedFile | null): Promise<string | null> {
    const former = await this.tools.setAlternative(tx, toolId, alt);
    if (alt) await this.outbox.enqueue(tx, { name: 'check-document-accessibility', data: { toolId, fileKey: alt.key, target: 'alternative' } });
    return former;
  }

  private async stageImage(part: UploadedPart, staged: StagedFile[]): Promise<ImageWrite> {
    const file = await this.stage(part, 'images', staged);
    // The image id is also its key's name: one uuid, no lookup needed to find its file.
    const id = /([0-9a-f-]{36})\.\w+$/.exec(file.key)![1];
    return { id, key: file.key, mime: file.mime, size: file.size };
  }

  private merge(current: LockedTool, values: ToolFormValues, slug: string, name: string, file?: StagedFile): ToolWrite {
    return {
      slug,
      name,
      description: values.description ?? current.description,
      goal: values.goal !== undefined ? values.goal : current.goal,
      people: values.people !== undefined ? values.people : current.people,
      duration: values.duration !== undefined ? values.duration : current.duration,
      typeId: values.typeId ?? current.typeId,
      categoryId: values.categoryId ?? current.categoryId,
      difficulty: values.difficulty !== undefined ? values.difficulty : current.difficulty,
      isFeatured: values.isFeatured ?? current.isFeatured,
      file: file ? { key: file.key, name: file.name, mime: file.mime, size: file.size, pages: file.pages } : current.file,
      fileAlt: values.fileAlt !== undefined ? values.fileAlt : current.fileAlt,
      publication: publicationWrite(values.publication, current),
    };
  }

  private async withSlugRetry<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await work();
      } catch (error) {
        // A slug taken by a concurrent save: the whole save runs again and picks the next free one.
        if (!(error instanceof SlugTakenError)) throw error;
        // Still contended after three saves: a 409 the admin can retry, never a 500.
        if (attempt >= 3) throw new MessageError(HttpStatus.CONFLICT, CatalogueMessages.slugBusy);
      }
    }
  }

  /** Best effort: a file left behind is harmless (no row points to it); it is logged. */
  private async discard(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((key) =>
        this.storage.delete(key).catch((error: Error) => this.logger.warn(`Stored file ${key} not removed: ${error.message}`)),
      ),
    );
  }

  private reply(message: string, warnings: string[], id: number, slug: string): AdminToolSaveResult {
    return { message, ...(warnings.length ? { warning: warnings.join(' ') } : {}), id, slug };
  }

  /** Errors in the form's field order, so the first message matches the first field on screen. */
  private ordered(errors: FieldErrors): FieldErrors {
    const order = Object.keys(FIELD_LABELS);
    return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)));
  }
}
