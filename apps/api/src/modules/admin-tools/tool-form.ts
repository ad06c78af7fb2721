import { CatalogueMessages, Difficulty, FieldErrors, MAX_SCHEDULE_YEARS, PublicationStatus } from '@outils/contracts';
import { UUID_IN_TEXT } from '../../common/validation/patterns';
import { FormMode, ToolFormDto } from './dto/tool-form.dto';
import type { VersionFormValues } from './versions/version-form';

/** An uploaded part, written to a temporary file by the multipart reader. */
export interface UploadedPart {
  fieldname: string;
  originalname: string;
  size: number;
  /** Temporary file; removed by the reader when the response is over. */
  path: string;
}

/** One entry of the final image list, in display order. */
export type ImageSlot = { kind: 'kept'; id: string } | { kind: 'new'; file: UploadedPart };

/** Field values once read; `undefined` means "not sent" (update keeps the stored value). */
export interface ToolFormValues {
  name?: string;
  description?: string;
  typeId?: number;
  categoryId?: number;
  difficulty?: Difficulty | null;
  goal?: string | null;
  people?: string | null;
  duration?: number | null;
  isFeatured?: boolean;
  /** docs/product/rules.md#R654; `publishAt` only with `scheduled`, checked to be in the future. */
  publication?: { status: PublicationStatus; publishAt?: Date };
  toolFile?: UploadedPart;
  /** docs/product/rules.md#R942: an image tool file's description; null sent empty, undefined not sent. */
  fileAlt?: string | null;
  /** The complete image list asked for: kept ids and new files, in display order. */
  images: ImageSlot[];
  /** Text values of images[] that are not image ids (ignored with a warning). */
  unreadableImageRefs: number;
  /** The version a new file makes (docs/product/rules.md#R901), read by the service. */
  version?: VersionFormValues;
}

export const MAX_IMAGES = 10;

/** `images`, `images[]` or `images[3]`: the image parts of the form. */
export const isImageField = (name: string) => /^images(\[\d*\])?$/.test(name);

class Collector {
  readonly errors: FieldErrors = {};
  add(field: string, message: string) {
    (this.errors[field] ??= []).push(message);
  }
}

/** Text values of `images[]`: ids of kept images (an image URL of ours is read as its id). */
function imageRefs(body: Record<string, unknown>): unknown[] {
  const out: unknown[] = [];
  for (const key of Object.keys(body)) {
    if (!isImageField(key)) continue;
    const value = body[key];
    if (Array.isArray(value)) out.push(...value);
    else if (value && typeof value === 'object') out.push(...Object.values(value));
    else out.push(value);
  }
  return out.filter((v) => v !== '' && v !== null && v !== undefined);
}

function orderTokens(body: Record<string, unknown>, errors: Collector): string[] | undefined {
  const raw = body.imagesOrder ?? body['imagesOrder[]'];
  if (raw === undefined || raw === '') return undefined;
  const values = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : null;
  if (!values || values.some((v) => typeof v !== 'string')) {
    errors.add('images', CatalogueMessages.imagesOrderInvalid);
    return undefined;
  }
  return (values as string[]).map((v) => v.trim()).filter(Boolean);
}

/**
 * Image order (docs/catalogue.md): by default the kept ids come first, in the order sent,
 * then the new files in upload order — multer cannot tell how text and file parts were
 * interleaved. A form that needs another order sends `imagesOrder`: tokens, each an image id
 * or `new:N` (N = index of the new file, from 0); anything it leaves out follows in the
 * default order.
 */
function imageSlots(body: Record<string, unknown>, newFiles: UploadedPart[], errors: Collector): { slots: ImageSlot[]; unreadable: number } {
  let unreadable = 0;
  const kept: string[] = [];
  for (const ref of imageRefs(body)) {
    const id = typeof ref === 'string' ? UUID_IN_TEXT.exec(ref)?.[0]?.toLowerCase() : undefined;
    if (id && !kept.includes(id)) kept.push(id);
    else if (!id) unreadable += 1;
  }
  const slots: ImageSlot[] = [];
  const usedNew = new Set<number>();
  const usedKept = new Set<string>();
  for (const token of orderTokens(body, errors) ?? []) {
    const fresh = /^new:(\d{1,2})$/.exec(token);
    if (fresh) {
      const index = Number(fresh[1]);
      if (index >= newFiles.length || usedNew.has(index)) {
        errors.add('images', CatalogueMessages.imagesOrderInvalid);
        continue;
      }
      usedNew.add(index);
      slots.push({ kind: 'new', file: newFiles[index] });
      continue;
    }
    const id = UUID_IN_TEXT.exec(token)?.[0]?.toLowerCase();
    if (!id || usedKept.has(id)) {
      errors.add('images', CatalogueMessages.imagesOrderInvalid);
      continue;
    }
    usedKept.add(id);
    slots.push({ kind: 'kept', id });
  }
  for (const id of kept) if (!usedKept.has(id)) slots.push({ kind: 'kept', id });
  newFiles.forEach((file, index) => {
    if (!usedNew.has(index)) slots.push({ kind: 'new', file });
  });
  return { slots, unreadable };
}

/**
 * The publication asked for (docs/product/rules.md#R654): a scheduled tool needs a date in the
 * future, at most MAX_SCHEDULE_YEARS ahead; a date sent with another choice is ignored.
 */
function readPublication(status: PublicationStatus | undefined, publishAt: string | undefined, errors: Collector, now: Date): ToolFormValues['publication'] {
  if (status === undefined) return undefined;
  if (status !== 'scheduled') return { status };
  if (publishAt === undefined) {
    if (!errors.errors.publishAt) errors.add('publishAt', CatalogueMessages.publishAtRequired);
    return undefined;
  }
  const at = new Date(publishAt);
  if (at.getTime() <= now.getTime()) errors.add('publishAt', CatalogueMessages.publishAtPast);
  else if (at.getTime() > now.getTime() + MAX_SCHEDULE_YEARS * 366 * 86_400_000) errors.add('publishAt', CatalogueMessages.publishAtTooFar(MAX_SCHEDULE_YEARS));
  else return { status, publishAt: at };
  return undefined;
}

/**
 * The tool form (docs/product/rules.md#R126) once its text fields passed `CreateToolDto` / `UpdateToolDto`
 * (`fields`, with `fieldErrors` for those that did not): the files and the image list are read
 * here, and every problem is returned at once. Content checks of the files and reference checks
 * happen in the service.
 */
export function readToolForm(
  body: Record<string, unknown>,
  fields: ToolFormDto,
  fieldErrors: FieldErrors,
  files: UploadedPart[],
  mode: FormMode,
  now: Date = new Date(),
): { values: ToolFormValues; errors: FieldErrors } {
  const errors = new Collector();
  for (const [field, messages] of Object.entries(fieldErrors)) for (const message of messages) errors.add(field, message);
  const valid = <K extends keyof ToolFormDto>(field: K) => (fieldErrors[field] ? undefined : fields[field]);

  const values: ToolFormValues = {
    name: valid('title'),
    description: valid('description'),
    typeId: valid('type'),
    categoryId: valid('category'),
    difficulty: valid('difficulty'),
    goal: valid('goal'),
    people: valid('people'),
    duration: valid('duration'),
    isFeatured: valid('isFeatured'),
    fileAlt: valid('fileAlt'),
    publication: readPublication(valid('publication'), fieldErrors.publishAt ? undefined : fields.publishAt, errors, now),
    images: [],
    unreadableImageRefs: 0,
  };

  const toolFiles = files.filter((f) => f.fieldname === 'toolFile');
  if (toolFiles.length > 1) errors.add('toolFile', CatalogueMessages.tooManyFiles);
  values.toolFile = toolFiles[0];
  if (!values.toolFile && mode === 'create') errors.add('toolFile', CatalogueMessages.fileRequired);

  const { slots, unreadable } = imageSlots(body, files.filter((f) => isImageField(f.fieldname)), errors);
  values.images = slots;
  values.unreadableImageRefs = unreadable;
  if (slots.length > MAX_IMAGES) errors.add('images', CatalogueMessages.tooManyImages(MAX_IMAGES));

  return { values, errors: errors.errors };
}
