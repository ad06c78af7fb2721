/**
 * Bytes kept for a long time (the catalogue's tool JSON, kept answers and their gzip copies) in
 * a memory block of their own and of their exact size (docs/product/rules.md#R874). Node gives a
 * small Buffer a slice of a shared block (8 KB pool slabs; 16 KB for zlib's output), and one kept
 * slice keeps that whole block alive: a kept answer of 1 KB then held 8 to 16 KB.
 */
export function keptCopy(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/** A text's UTF-8 bytes, kept as `keptCopy` keeps them. */
export function keptUtf8(text: string): Buffer {
  const own = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  own.write(text);
  return own;
}
