import yauzl from 'yauzl';

/** A part wanted from an Office zip: read whole up to `maxBytes` (else refused), or only its first `headBytes`. */
export interface PartWish {
  maxBytes?: number;
  headBytes?: number;
}

/** A part larger than it may be: the document's check says it could not be read (docs/product/rules.md#R933). */
export class PartTooLargeError extends Error {
  constructor(readonly part: string) {
    super(`Office part too large: ${part}`);
  }
}

/** Bytes inflated from one document at most, all parts together: a zip bomb stops here. */
const MAX_TOTAL_BYTES = 96 * 1024 * 1024;

/**
 * The parts of an Office document (DOCX, XLSX) that `wish` asks for, as UTF-8 text, each bounded
 * in size while it is inflated (never trusting the sizes the zip declares).
 */
export function readZipParts(data: Buffer, wish: (name: string) => PartWish | null): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const parts = new Map<string, string>();
      let total = 0;
      zip.on('error', reject);
      zip.on('end', () => resolve(parts));
      zip.on('entry', (entry: yauzl.Entry) => {
        const wanted = wish(entry.fileName);
        if (!wanted) return zip.readEntry();
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          let size = 0;
          let done = false;
          const finish = () => {
            if (done) return;
            done = true;
            parts.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          };
          stream.on('data', (chunk: Buffer) => {
            if (done) return;
            size += chunk.length;
            total += chunk.length;
            if (total > MAX_TOTAL_BYTES || (wanted.maxBytes !== undefined && size > wanted.maxBytes)) {
              done = true;
              stream.destroy();
              zip.close();
              return reject(new PartTooLargeError(entry.fileName));
            }
            chunks.push(chunk);
            if (wanted.headBytes !== undefined && size >= wanted.headBytes) {
              stream.unpipe?.();
              stream.destroy();
              finish();
            }
          });
          stream.on('error', (streamError) => (done ? undefined : reject(streamError)));
          stream.on('end', finish);
        });
      });
      zip.readEntry();
    });
  });
}

/** XML text with its five predefined entities and numeric references decoded. */
export function xmlText(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

/** An attribute's value in one tag's text, decoded; null when absent. */
export function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name.replace(':', '\\:')}="([^"]*)"`).exec(tag);
  return match ? xmlText(match[1]) : null;
}
