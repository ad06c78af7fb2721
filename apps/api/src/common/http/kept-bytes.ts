/**
 * Bytes kept for a long time (the catalogue's tool JSON, kept answers and their gzip copies) in
 * memory blocks that hold nothing else alive (docs/product/rules.md#R895). Node gives a small
 * Buffer a slice of a shared block (8 KB pool slabs; 16 KB for zlib's output), and one kept slice
 * keeps that whole block alive: a kept answer of 1 KB then held 8 to 16 KB.
 */

/** Blocks written by `PackedTexts`: every byte of them is kept, so a slice of one is kept as it is. */
const packedBlocks = new WeakSet<ArrayBufferLike>();

/** `bytes` if its block holds nothing else or is packed with other kept bytes, else a copy in a block of its exact size. */
export function keptCopy(bytes: Buffer): Buffer {
  if ((bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) || packedBlocks.has(bytes.buffer)) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/** A text's UTF-8 bytes in a block of its exact size. */
export function keptUtf8(text: string): Buffer {
  const own = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  own.write(text);
  return own;
}

/**
 * Many texts kept together, written one after the other into blocks of `blockBytes`
 * (docs/product/rules.md#R895): the catalogue's build writes every tool's JSON in one of these, so
 * that 100 000 tools take 400 blocks, not 100 000 (a block of its own cost each tool about 90
 * bytes of V8's heap, besides the allocator's records). A block lives while any of its texts does:
 * only texts that live and die together (one build of the catalogue) belong in one `PackedTexts`.
 */
export class PackedTexts {
  private block: Buffer | null = null;
  private used = 0;

  constructor(private readonly blockBytes = 256 * 1024) {}

  utf8(text: string): Buffer {
    const length = Buffer.byteLength(text);
    // A text that would leave much of a block unused gets its own.
    if (length > this.blockBytes / 16) return keptUtf8(text);
    if (!this.block || this.used + length > this.block.length) {
      this.block = Buffer.allocUnsafeSlow(this.blockBytes);
      packedBlocks.add(this.block.buffer);
      this.used = 0;
    }
    const bytes = this.block.subarray(this.used, this.used + length);
    bytes.write(text);
    this.used += length;
    return bytes;
  }
}
