import { TOOL_IMAGE_SIZES, toolImageSrcSet } from '@outils/contracts';

/** A tool's image served by the API (`…/tools/images/{id}`), which has smaller copies. */
const TOOL_IMAGE_URL = /\/tools\/images\/[^/?#]+$/;

/**
 * `srcSet` and `sizes` of a tool image of the API, for the browser to load a copy of the size it
 * draws (docs/product/rules.md#R700); nothing for any other image.
 */
export function responsiveToolImage(src: string, kind: keyof typeof TOOL_IMAGE_SIZES): { srcSet?: string; sizes?: string } {
  return TOOL_IMAGE_URL.test(src) ? { srcSet: toolImageSrcSet(src), sizes: TOOL_IMAGE_SIZES[kind] } : {};
}
