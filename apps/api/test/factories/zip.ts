import yauzl from 'yauzl';

export { binary } from './downloads';

/** Every entry of a ZIP in order, read back with a real ZIP reader (yauzl). */
export function unzip(body: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((done, fail) => {
    yauzl.fromBuffer(body, { lazyEntries: true }, (openError, zip) => {
      if (openError || !zip) return fail(openError);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return fail(error);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => done(entries));
      zip.on('error', fail);
      zip.readEntry();
    });
  });
}
