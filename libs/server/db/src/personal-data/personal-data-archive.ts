import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { csvField, PERSONAL_DATA_FILES } from './personal-data';
import type { PersonalDataHead, PersonalDataRepository } from './personal-data.repository';

type Pages<T> = () => AsyncIterable<T[]>;

const indent = (depth: number) => '  '.repeat(depth);
/** One value as `JSON.stringify(value, null, 2)` writes it at that depth. */
const json = (value: unknown, depth: number) => JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent(depth)}`);

/** A JSON array written a page at a time, laid out as `JSON.stringify(…, null, 2)` would. */
async function* jsonArray<T>(pages: Pages<T>, depth: number): AsyncGenerator<string> {
  let first = true;
  for await (const page of pages()) {
    let text = '';
    for (const item of page) {
      text += `${first ? '[' : ','}\n${indent(depth + 1)}${json(item, depth + 1)}`;
      first = false;
    }
    if (text) yield text;
  }
  yield first ? '[]' : `\n${indent(depth)}]`;
}

/** A CSV file (`;`, CRLF, UTF-8 with BOM) written a page at a time. */
async function* csv<T>(header: string[], pages: Pages<T>, rows: (item: T) => unknown[][]): AsyncGenerator<string> {
  yield `\ufeff${header.map(csvField).join(';')}\r\n`;
  for await (const page of pages()) {
    const lines = page.flatMap(rows).map((row) => `${row.map(csvField).join(';')}\r\n`).join('');
    if (lines) yield lines;
  }
}

async function* mainJson(reader: PersonalDataRepository, userId: string, head: PersonalDataHead): AsyncGenerator<string> {
  yield `{\n  "profil": ${json(head.profil, 1)},\n  "consentements": {\n    "conditionsGeneralesAccepteesLe": ${json(head.conditionsGeneralesAccepteesLe, 2)},\n    "newsletter": `;
  yield* jsonArray(() => reader.newsletterEvents(head.subscriberId), 2);
  yield `\n  },\n  "newsletter": ${json(head.newsletter, 1)},\n  "favoris": `;
  yield* jsonArray(() => reader.favourites(userId), 1);
  yield ',\n  "dossiers": ';
  yield* jsonArray(() => reader.folders(userId), 1);
  yield ',\n  "telechargements": ';
  yield* jsonArray(() => reader.allDownloads(userId), 1);
  yield ',\n  "resultatsDiagnostic": ';
  yield* jsonArray(() => reader.diagnostics(userId), 1);
  yield ',\n  "avisOutils": ';
  yield* jsonArray(() => reader.usefulnessAnswers(userId), 1);
  yield `,\n  "planSuivi": ${json(await reader.followedPlan(userId), 1)}`;
  yield '\n}\n';
}

/**
 * 'Télécharger mes données' as one ZIP stream (docs/product/rules.md#R968, #R781): the whole JSON
 * and a CSV for each table-like part, each entry written as its pages are read — nothing is held
 * whole in memory, and a reader that stops reading stops the queries. Null when the account no
 * longer exists. `sheetUrl` turns a slug into the tool's sheet on the web app. A failed read ends
 * the stream with that error.
 */
export async function personalDataArchive(reader: PersonalDataRepository, userId: string, sheetUrl: (slug: string) => string): Promise<Readable | null> {
  const head = await reader.head(userId);
  if (!head) return null;
  const zip = new ZipFile();
  const mtime = new Date();
  const entry = (name: string, content: () => AsyncIterable<string>) =>
    // Lazy: the entry's queries start only when the ZIP reaches it (entries are written in order).
    zip.addReadStreamLazy(name, { mtime }, (done) => {
      const stream = Readable.from((async function* () { for await (const text of content()) yield Buffer.from(text, 'utf8'); })());
      // yazl pipes the entry without forwarding its errors: a failed query must fail the whole file.
      stream.on('error', (error) => (zip.outputStream as Readable).destroy(error));
      done(null, stream);
    });
  entry(PERSONAL_DATA_FILES.json, () => mainJson(reader, userId, head));
  entry(PERSONAL_DATA_FILES.downloads, () => csv(['date', 'outil', 'fiche'], () => reader.allDownloads(userId),
    (d) => [[d.date, d.outil?.nom ?? 'Outil retiré du catalogue', d.outil ? sheetUrl(d.outil.slug) : '']]));
  entry(PERSONAL_DATA_FILES.favourites, () => csv(['ajoute_le', 'outil', 'fiche'], () => reader.favourites(userId),
    (f) => [[f.ajouteLe, f.outil.nom, sheetUrl(f.outil.slug)]]));
  entry(PERSONAL_DATA_FILES.folders, () => csv(['dossier', 'position', 'outil', 'fiche', 'ajoute_le'], () => reader.folders(userId),
    (f) => f.outils.map((o) => [f.nom, o.position, o.nom, o.slug ? sheetUrl(o.slug) : '', o.ajouteLe])));
  entry(PERSONAL_DATA_FILES.newsletter, () => csv(['date', 'evenement', 'source', 'texte_affiche', 'adresse_ip'], () => reader.newsletterEvents(head.subscriberId),
    (e) => [[e.date, e.evenement, e.source, e.texteAffiche, e.adresseIp]]));
  entry(PERSONAL_DATA_FILES.diagnostics, () => csv(['date', 'score_global', 'axe', 'score_axe'], () => reader.diagnostics(userId),
    (d) => d.scoresParAxe.map((s) => [d.date, d.scoreGlobal, s.axe, s.score])));
  entry(PERSONAL_DATA_FILES.usefulness, () => csv(['donne_le', 'modifie_le', 'outil', 'fiche', 'reponse', 'commentaire'], () => reader.usefulnessAnswers(userId),
    (u) => [[u.donneLe, u.modifieLe, u.outil.nom, sheetUrl(u.outil.slug), u.reponse, u.commentaire]]));
  zip.end();
  return zip.outputStream as Readable;
}
