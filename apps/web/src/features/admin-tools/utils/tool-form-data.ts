import { difficultyToSend } from './difficulty';
import type { ImageItem } from './image-items';
import { PublicationValues, scheduledInstant } from './publication';

export interface ToolFormValues extends PublicationValues {
  toolFile: FileList | null;
  title: string;
  description: string;
  type: string;
  category: string;
  /** Index of the difficulty (docs/product/rules.md#R128), '' when none is chosen. */
  difficulty: string;
  goal: string;
  people: string;
  duration: string;
  isFeatured: boolean;
  /** An image tool file's description (docs/product/rules.md#R942); sent only while the form shows it. */
  fileAlt?: string;
  /** The declared accessible alternative to add or replace, and whether to remove it (docs/product/rules.md#R943). */
  altFile?: FileList | null;
  altFileRemove?: boolean;
  /** « Quoi de neuf ? » of the version a new file makes (docs/product/rules.md#R901); sent with a new file only. */
  versionNote?: string;
  /** « Mise à jour mineure (pas d'alerte) » (docs/product/rules.md#R911). */
  minorUpdate?: boolean;
}

/**
 * The multipart body of `POST /admin/tools/create|update` (docs/product/rules.md#R126, #R131, #R139):
 * `images[]` carries the kept image ids and the new files in display order; `imagesOrder`
 * repeats that order as tokens (id, or `new:N` for the N-th new file) because a multipart
 * parser cannot tell how text and file parts were interleaved.
 */
export function buildToolFormData(values: ToolFormValues, images: ImageItem[], toolId?: number | string): FormData {
  const body = new FormData();
  const file = values.toolFile?.[0];
  if (file) body.append('toolFile', file);
  const alternative = values.altFile?.[0];
  if (alternative) body.append('altFile', alternative);
  else if (values.altFileRemove) body.append('altFileRemove', 'true');
  if (file && toolId !== undefined) {
    body.append('versionNote', values.versionNote?.trim() ?? '');
    body.append('minorUpdate', values.minorUpdate ? 'true' : 'false');
  }
  const order: string[] = [];
  let newIndex = 0;
  for (const item of images) {
    if (item.kind === 'kept') {
      body.append('images[]', item.id);
      order.push(item.id);
    } else {
      body.append('images[]', item.file, item.file.name);
      order.push(`new:${newIndex++}`);
    }
  }
  if (order.length) body.append('imagesOrder', order.join(','));
  body.append('title', values.title.trim());
  body.append('description', values.description.trim());
  body.append('type', values.type);
  body.append('category', values.category);
  body.append('difficulty', difficultyToSend(values.difficulty));
  body.append('goal', values.goal.trim());
  body.append('people', values.people.trim());
  body.append('duration', values.duration.trim().replace(',', '.'));
  body.append('isFeatured', values.isFeatured ? 'true' : 'false');
  if (values.fileAlt !== undefined) body.append('fileAlt', values.fileAlt.trim());
  // docs/product/rules.md#R654: the instant of a scheduled publication, with its offset.
  body.append('publication', values.publication);
  if (values.publication === 'scheduled') {
    const instant = scheduledInstant(values, 0);
    if ('iso' in instant) body.append('publishAt', instant.iso);
  }
  if (toolId !== undefined) body.append('toolId', String(toolId));
  return body;
}
