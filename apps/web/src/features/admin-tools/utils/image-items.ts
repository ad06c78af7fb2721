/** One image of the tool form, in display order: an image the tool already has, or a new file. */
export type ImageItem = { kind: 'kept'; key: string; id: string; src: string; name: string } | { kind: 'new'; key: string; file: File; src: string | null; name: string };

let counter = 0;

export function newImageItem(file: File): ImageItem {
  counter += 1;
  return { kind: 'new', key: `new-${counter}`, file, src: previewUrl(file), name: file.name };
}

/** A local preview of the picked file, when the browser can make one. */
function previewUrl(file: File): string | null {
  try {
    return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
  } catch {
    return null;
  }
}

export function keptImageItem(image: { id: string; src: string }, position: number): ImageItem {
  return { kind: 'kept', key: `kept-${image.id}`, id: image.id, src: image.src, name: `Image ${position + 1}` };
}

export function releaseImageItem(item: ImageItem): void {
  if (item.kind !== 'new' || !item.src) return;
  try {
    URL.revokeObjectURL(item.src);
  } catch {
    // Nothing to free.
  }
}

export function moveItem<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = list.slice();
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** Lower-cased extension of a file name. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** `accept` attribute of a file picker from a list of extensions. */
export function acceptAttribute(extensions: readonly string[]): string {
  return extensions.map((e) => `.${e}`).join(',');
}
