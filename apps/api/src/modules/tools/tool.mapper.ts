import { ApiRoutes, Tool, ToolDownloadFacts, ToolFileFormat, ToolPreview } from '@outils/contracts';
import { accessibilityOf, alternativeAccessibilityOf, documentAccessible } from './tool-accessibility';
import type { ImageRef, ToolRow } from './tools.repository';

export interface ToolMappingContext {
  /** Absolute API origin, for image URLs (absolute URLs, docs/product/rules.md#R96). */
  apiUrl: string;
  images: ImageRef[];
  isFavorite: boolean;
  /** Admin listing only. */
  withDownloadCount?: boolean;
}

/** docs/product/rules.md#R630: the format a visitor knows, from the MIME type stored at upload. */
export function fileFormatOf(mime: string): ToolFileFormat | null {
  const type = mime.split(';')[0].trim().toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type === 'application/vnd.ms-excel' || type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'excel';
  if (type === 'application/msword' || type === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') return 'word';
  if (type === 'text/csv') return 'csv';
  if (type.startsWith('image/')) return 'image';
  return null;
}

/** docs/product/rules.md#R630–R632: format, bytes, pages, and the file's date only when it changed after publication. */
function downloadFacts(row: ToolRow): ToolDownloadFacts {
  const updated = row.file_updated_at ? new Date(row.file_updated_at) : null;
  // Counted from the publication (docs/product/rules.md#R653); a draft's is its creation.
  const since = new Date(row.published_at ?? row.created_at).getTime();
  return {
    format: fileFormatOf(row.file_mime),
    size: row.file_size,
    pages: row.file_pages ?? null,
    updatedAt: updated && updated.getTime() > since ? updated.toISOString() : null,
    version: row.version_number ?? 1,
    versionNote: row.version_note ?? null,
  };
}

/** docs/product/rules.md#R636: the preview's id is its key's uuid, so a new file's preview has a new URL. */
function preview(row: ToolRow, apiUrl: string): ToolPreview | null {
  const id = row.preview_key ? /^tools\/previews\/([0-9a-f-]{36})\.png$/.exec(row.preview_key)?.[1] : undefined;
  if (!id || !row.preview_width || !row.preview_height) return null;
  return { src: `${apiUrl}${ApiRoutes.toolPreview(id)}`, width: row.preview_width, height: row.preview_height };
}

/**
 * docs/product/rules.md#R945: what a visitor needs of the declared accessible alternative (format,
 * bytes, its own check); its storage key and upload name stay the admin's.
 */
function alternative(row: ToolRow): Tool['alternative'] {
  if (!row.alt_file_mime || row.alt_file_size === null || row.alt_file_size === undefined) return null;
  return { format: fileFormatOf(row.alt_file_mime), size: row.alt_file_size, accessibility: alternativeAccessibilityOf(row) };
}

/** The Tool shape of docs/product/rules.md#R84, built from a row; nothing else leaks (no file keys). */
export function toTool(row: ToolRow, ctx: ToolMappingContext): Tool {
  const accessibility = accessibilityOf(row);
  const tool: Tool = {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    goal: row.goal,
    people: row.people,
    duration: row.duration === null ? null : Number(row.duration),
    type: { id: row.type_id, name: row.type_name },
    category: { id: row.category_id, name: row.category_name },
    difficulty: row.difficulty,
    createdAt: new Date(row.created_at).toISOString(),
    publishedAt: row.published_at === null ? null : new Date(row.published_at).toISOString(),
    isFavorite: ctx.isFavorite,
    images: ctx.images.map((image) => ({ id: image.id, src: `${ctx.apiUrl}${ApiRoutes.toolImage(image.id)}` })),
    isFeatured: row.is_featured,
    download: downloadFacts(row),
    preview: preview(row, ctx.apiUrl),
    accessibility,
    alternative: alternative(row),
    documentAccessible: documentAccessible(accessibility, row.alt_file_mime ? alternativeAccessibilityOf(row) : null),
  };
  if (ctx.withDownloadCount) tool.downloadCount = row.download_count;
  return tool;
}
