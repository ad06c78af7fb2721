import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { UploadedPart } from '../../src/modules/admin-tools/tool-form';

/** A tiny but well-formed PDF (file-type recognises it by its `%PDF-` signature). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n' +
    'trailer <</Root 1 0 R>>\n%%EOF\n',
);

/** A real 4×4 PNG. */
export function png(): Buffer {
  const image = new PNG({ width: 4, height: 4 });
  image.data.fill(200);
  return PNG.sync.write(image);
}

/** The start of a Windows executable (`MZ` header): refused whatever its name says. */
export const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(240)]);

/**
 * Upload parts as the multipart reader hands them to the service: small temporary files (the
 * service checks files by content, reading their first bytes). `cleanup()` removes the folder.
 */
export class FakeUploads {
  private readonly dir = mkdtempSync(join(tmpdir(), 'outils-spec-upload-'));
  private count = 0;

  part(fieldname: string, originalname: string, body: Buffer | string): UploadedPart {
    this.count += 1;
    const path = join(this.dir, `part-${this.count}`);
    const bytes = Buffer.from(body);
    writeFileSync(path, bytes);
    return { fieldname, originalname, size: bytes.length, path };
  }

  toolFile(originalname = 'guide.pdf', body: Buffer | string = PDF): UploadedPart {
    return this.part('toolFile', originalname, body);
  }

  image(originalname = 'apercu.png', body: Buffer | string = png()): UploadedPart {
    return this.part('images[]', originalname, body);
  }

  cleanup(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
