import { gunzipSync, gzipSync } from 'node:zlib';
import { gzipVariant } from './compression';
import { keptCopy, keptUtf8, PackedTexts } from './kept-bytes';

/** The memory block a Buffer keeps alive. */
const block = (bytes: Buffer) => bytes.buffer.byteLength;

describe('kept bytes (docs/product/rules.md#R895)', () => {
  const sheet = `{"tool":{"name":"Plan d’action « relances »","description":"${'Pensé pour les dirigeants de TPE. '.repeat(30)}"}}`;

  it('copies a slice of a shared block into a block of its exact size, with the same bytes', () => {
    const pooled = Buffer.concat([Buffer.from('{"tool":'), Buffer.from(sheet.slice(8))]);
    expect(block(pooled)).toBeGreaterThan(pooled.length);
    const kept = keptCopy(pooled);
    expect(kept.equals(pooled)).toBe(true);
    expect(block(kept)).toBe(kept.length);
  });

  it('writes a text as UTF-8 in a block of its exact size', () => {
    const kept = keptUtf8(sheet);
    expect(kept.toString('utf8')).toBe(sheet);
    expect(kept.equals(Buffer.from(sheet))).toBe(true);
    expect(block(kept)).toBe(Buffer.byteLength(sheet));
  });

  it('keeps a gzip copy that holds its own bytes only, and decompresses to the answer', () => {
    const body = keptUtf8(sheet);
    const zipped = gzipVariant(body);
    expect(block(gzipSync(body))).toBeGreaterThan(gzipSync(body).length);
    expect(block(zipped)).toBe(zipped.length);
    expect(gzipVariant(body)).toBe(zipped);
    expect(gunzipSync(zipped).toString('utf8')).toBe(sheet);
  });
});

describe('texts packed together (docs/product/rules.md#R895)', () => {
  const texts = Array.from({ length: 40 }, (_, i) => `{"tool":{"id":${i},"name":"Plan d’action n° ${i}","description":"${'Pensé pour les TPE. '.repeat(i % 7)}"}}`);

  it('writes each text as UTF-8, one after the other in shared blocks', () => {
    const packed = new PackedTexts(4096);
    const written = texts.map((text) => packed.utf8(text));
    written.forEach((bytes, i) => expect(bytes.toString('utf8')).toBe(texts[i]));
    const blocks = new Set(written.map((bytes) => bytes.buffer));
    const total = written.reduce((sum, bytes) => sum + bytes.length, 0);
    expect(blocks.size).toBeLessThan(texts.length / 4);
    expect(blocks.size).toBeGreaterThanOrEqual(Math.ceil(total / 4096));
    for (const block of blocks) expect(block.byteLength).toBe(4096);
    // No two texts overlap in a block.
    const ends = written.filter((bytes) => bytes.buffer === written[0].buffer).map((bytes) => [bytes.byteOffset, bytes.byteOffset + bytes.length]);
    ends.slice(1).forEach(([start], i) => expect(start).toBe(ends[i][1]));
  });

  it('keeps a packed text as it is, where a slice of another shared block is copied', () => {
    const packed = new PackedTexts(4096);
    packed.utf8(texts[0]);
    const second = packed.utf8(texts[1]);
    expect(second.byteOffset).toBeGreaterThan(0);
    expect(keptCopy(second)).toBe(second);
    const view = Buffer.from(second.buffer, second.byteOffset, second.length);
    expect(keptCopy(view)).toBe(view);
    const pooled = Buffer.from(texts[1]);
    expect(keptCopy(pooled)).not.toBe(pooled);
  });

  it('gives a text too large to share a block one of its own', () => {
    const packed = new PackedTexts(4096);
    const large = `{"tool":{"description":"${'é'.repeat(400)}"}}`;
    const bytes = packed.utf8(large);
    expect(bytes.toString('utf8')).toBe(large);
    expect(block(bytes)).toBe(bytes.length);
  });
});
