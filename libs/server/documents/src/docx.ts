import yauzl from 'yauzl';

/** docProps/app.xml's part name inside an Office zip container. */
const APP_PROPERTIES = 'docProps/app.xml';
/** app.xml is a few hundred bytes; a larger one is not read (a zip bomb would stop here). */
const MAX_APP_XML_BYTES = 64 * 1024;

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<string> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_APP_XML_BYTES) stream.destroy(new Error('docProps/app.xml too large'));
        else chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  });
}

/**
 * Pages of a Word document as the program that saved it counted them: `<Pages>` of
 * docProps/app.xml (docs/product/rules.md#R631). A DOCX has no layout of its own; without that
 * count (some generators leave it out) the answer is null, never a guess.
 */
export function docxPageCount(data: Buffer): Promise<number | null> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      let answered = false;
      const answer = (pages: number | null) => {
        if (answered) return;
        answered = true;
        zip.close();
        resolve(pages);
      };
      zip.on('error', reject);
      zip.on('end', () => answer(null));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== APP_PROPERTIES) return zip.readEntry();
        readEntry(zip, entry).then((xml) => {
          const pages = Number(/<(?:\w+:)?Pages>\s*(\d{1,6})\s*</.exec(xml)?.[1]);
          answer(Number.isInteger(pages) && pages > 0 ? pages : null);
        }, reject);
      });
      zip.readEntry();
    });
  });
}
