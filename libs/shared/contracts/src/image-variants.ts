/**
 * Smaller copies of the tools' images (docs/product/rules.md#R700): `GET /tools/images/:id?w=`
 * answers the image at one of these widths, in WebP; the web lists them in `srcset` so that a
 * phone loads a copy of its own size.
 */
export const TOOL_IMAGE_WIDTHS = [320, 640, 960] as const;
export type ToolImageWidth = (typeof TOOL_IMAGE_WIDTHS)[number];

export function isToolImageWidth(value: unknown): value is ToolImageWidth {
  return (TOOL_IMAGE_WIDTHS as readonly unknown[]).includes(value);
}

/** The URL of an image's copy `width` pixels wide, from the image's own URL (`ToolImage.src`). */
export function toolImageVariantUrl(src: string, width: ToolImageWidth): string {
  return `${src}${src.includes('?') ? '&' : '?'}w=${width}`;
}

/** The `srcset` of an image: every width's copy, smallest first. */
export function toolImageSrcSet(src: string): string {
  return TOOL_IMAGE_WIDTHS.map((w) => `${toolImageVariantUrl(src, w)} ${w}w`).join(', ');
}

/**
 * How wide each kind of tool image is drawn (the `sizes` of its `srcset`), shared by the web's
 * images and the preload the page's head gives for the sheet's first image, which must match: a
 * card fills the screen's width on a phone, half of it on a tablet and a column of the catalogue's
 * grid on a computer; the sheet's gallery fills the screen's width up to the two-column layout, then
 * its column; the home page's tool of the month, half the content's width.
 */
export const TOOL_IMAGE_SIZES = {
  card: '(max-width: 599px) calc(100vw - 32px), (max-width: 899px) 50vw, 300px',
  gallery: '(max-width: 899px) calc(100vw - 32px), 860px',
  featured: '(max-width: 760px) calc(100vw - 32px), 520px',
} as const;
