import { TOOL_IMAGE_WIDTHS } from '@outils/contracts';
import type { ToolImageWidth } from '@outils/contracts';

/** Where the tools' images are stored by the admin form and the seed: `tools/images/{id}.{ext}`. */
const STORED_IMAGE = /^tools\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[a-z0-9]+$/i;

/** Where the copy of image `imageId` at `width` is kept, next to the originals' folder. */
export function imageVariantKey(imageId: string, width: ToolImageWidth): string {
  return `tools/image-variants/${imageId}-w${width}.webp`;
}

/** The copies' keys of a stored original (`tools/images/{id}.{ext}`), to delete with it; none for any other key. */
export function variantKeysOf(key: string): string[] {
  const id = STORED_IMAGE.exec(key)?.[1];
  return id ? TOOL_IMAGE_WIDTHS.map((w) => imageVariantKey(id, w)) : [];
}
