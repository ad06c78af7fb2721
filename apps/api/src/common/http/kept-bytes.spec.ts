import { gunzipSync, gzipSync } from 'node:zlib';
import { gzipVariant } from './compression';
import { keptCopy, keptUtf8 } from './kept-bytes';

/** The memory block a Buffer keeps alive. */
const block = (bytes: Buffer) => bytes.buffer.byteLength;

describe('kept bytes (docs/product/rules.md#R874)', () => {
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
