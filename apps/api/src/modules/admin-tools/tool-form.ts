import { CatalogueMessages, DIFFICULTIES, Difficulty, difficultyFromIndex, FieldErrors } from '@outils/contracts';

/** An uploaded part, written to a temporary file by the multipart reader. */
export interface UploadedPart {
  fieldname: string;
  originalname: string;
  size: number;
  /** Temporary file; removed by the reader when the response is over. */
  path: string;
}

export type FormMode = 'create' | 'update';

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
  toolFile?: UploadedPart;
  /** The complete image list asked for: kept ids and new files, in display order. */
  images: ImageSlot[];
  /** Text values of images[] that are not image ids (ignored with a warning). */
  unreadableImageRefs: number;
}

export const FIELD_LABELS = {
  title: 'Titre',
  description: 'Description',
  type: 'Type d’outils',
  category: 'Sujet',
  difficulty: 'Difficulté',
  goal: 'Objectif',
  people: 'Pour qui ?',
  duration: 'Temps estimé',
  isFeatured: 'Outil du mois',
  toolFile: 'Fichier',
  images: 'Images',
  toolId: 'Outil',
} as const;

export const MAX_IMAGES = 10;

/** `images`, `images[]` or `images[3]`: the image parts of the form. */
export const isImageField = (name: string) => /^images(\[\d*\])?$/.test(name);
const INT4_MAX = 2_147_483_647;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** C0 controls other than tab and line breaks, and DEL: PostgreSQL refuses NUL, none is useful. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

class Collector {
  readonly errors: FieldErrors = {};
  add(field: string, message: string) {
    (this.errors[field] ??= []).push(message);
  }
  get empty() {
    return Object.keys(this.errors).length === 0;
  }
}

/** A scalar form value as text; arrays and objects are not valid for scalar fields. */
function text(body: Record<string, unknown>, field: string, errors: Collector): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') {
    errors.add(field, CatalogueMessages.fieldInvalidText(label(field)));
    return undefined;
  }
  if (CONTROL.test(value)) {
    errors.add(field, CatalogueMessages.fieldInvalidText(label(field)));
    return undefined;
  }
  return value.replace(/\r\n?/g, '\n').trim();
}

function label(field: string): string {
  return (FIELD_LABELS as Record<string, string>)[field] ?? field;
}

function optionalText(body: Record<string, unknown>, field: string, max: number, errors: Collector): string | null | undefined {
  const value = text(body, field, errors);
  if (value === undefined) return undefined;
  if (value === '' || value === 'null') return null;
  if (value.length > max) errors.add(field, CatalogueMessages.fieldTooLong(label(field), max));
  return value;
}

function reference(body: Record<string, unknown>, field: 'type' | 'category', mode: FormMode, errors: Collector): number | undefined {
  const value = text(body, field, errors);
  if (value === undefined || value === '' || value === 'null') {
    // Update: absent keeps the stored value, but a required field sent empty is an error, as on creation (docs/product/rules.md#R207).
    if ((mode === 'create' || value !== undefined) && !errors.errors[field]) errors.add(field, CatalogueMessages.fieldRequired(label(field)));
    return undefined;
  }
  if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > INT4_MAX) {
    errors.add(field, field === 'type' ? CatalogueMessages.typeUnknown : CatalogueMessages.categoryUnknown);
    return undefined;
  }
  return Number(value);
}

function difficulty(body: Record<string, unknown>, mode: FormMode, errors: Collector): Difficulty | null | undefined {
  const value = text(body, 'difficulty', errors);
  if (value === undefined && mode === 'update') return undefined;
  if (value === undefined || value === '' || value === 'null') {
    if (!errors.errors.difficulty) errors.add('difficulty', CatalogueMessages.fieldRequired(label('difficulty')));
    return undefined;
  }
  const byName = DIFFICULTIES.find((d) => d.toLowerCase() === value.toLowerCase());
  // spec §5: the form may send the index 0/1/2 instead of the name.
  const byIndex = /^\d$/.test(value) ? difficultyFromIndex(value) : null;
  const result = byName ?? byIndex;
  if (!result) errors.add('difficulty', CatalogueMessages.difficultyInvalid);
  return result ?? undefined;
}

function duration(body: Record<string, unknown>, errors: Collector): number | null | undefined {
  const value = text(body, 'duration', errors);
  if (value === undefined) return undefined;
  if (value === '' || value === 'null') return null;
  // French decimal comma accepted: "1,5" hours.
  const normalised = value.replace(',', '.');
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(normalised)) {
    errors.add('duration', CatalogueMessages.durationInvalid);
    return undefined;
  }
  return Number(normalised);
}

function checkbox(body: Record<string, unknown>, errors: Collector): boolean | undefined {
  const value = text(body, 'isFeatured', errors);
  if (value === undefined) return undefined;
  if (['true', '1', 'on', 'yes'].includes(value.toLowerCase())) return true;
  if (['false', '0', 'off', 'no', '', 'null'].includes(value.toLowerCase())) return false;
  errors.add('isFeatured', CatalogueMessages.isFeaturedInvalid);
  return undefined;
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
    const id = typeof ref === 'string' ? UUID.exec(ref)?.[0]?.toLowerCase() : undefined;
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
    const id = UUID.exec(token)?.[0]?.toLowerCase();
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
 * Reads the tool form of spec §3 (fields + files) and the required fields of spec §5: create
 * needs file, title, type, category, difficulty and description; update needs description, and
 * any of the others it sends must not be empty (an absent one keeps its stored value).
 * Content checks of the files and reference checks happen in the service.
 */
export function readToolForm(
  body: Record<string, unknown>,
  files: UploadedPart[],
  mode: FormMode,
): { values: ToolFormValues; errors: FieldErrors } {
  const errors = new Collector();
  const values: ToolFormValues = { images: [], unreadableImageRefs: 0 };

  const title = text(body, 'title', errors);
  if (title) {
    if (title.length > 160) errors.add('title', CatalogueMessages.fieldTooLong(label('title'), 160));
    else values.name = title;
  } else if ((mode === 'create' || title !== undefined) && !errors.errors.title) errors.add('title', CatalogueMessages.fieldRequired(label('title')));

  const description = text(body, 'description', errors);
  if (description) {
    if (description.length > 20_000) errors.add('description', CatalogueMessages.fieldTooLong(label('description'), 20_000));
    else values.description = description;
  } else if (!errors.errors.description) errors.add('description', CatalogueMessages.fieldRequired(label('description')));

  values.typeId = reference(body, 'type', mode, errors);
  values.categoryId = reference(body, 'category', mode, errors);
  values.difficulty = difficulty(body, mode, errors);
  values.goal = optionalText(body, 'goal', 5000, errors);
  values.people = optionalText(body, 'people', 5000, errors);
  values.duration = duration(body, errors);
  values.isFeatured = checkbox(body, errors);

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
