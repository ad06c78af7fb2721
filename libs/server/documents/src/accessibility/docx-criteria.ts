import { criterion, type CriterionResult } from './report';
import { CRITERIA } from './texts';
import { attribute, readZipParts, xmlText } from './zip-parts';

const c = (id: string, status: CriterionResult['status'], where: string[] = []) => criterion(CRITERIA, id, status, where);
const MB = 1024 * 1024;

/** Text of the `<w:t>` runs of some WordprocessingML. */
const runsText = (xml: string) => [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => xmlText(m[1])).join('');

/** Style ids that are headings: named « heading N » / « Title », or carrying an outline level. */
function headingStyles(styles: string): Set<string> {
  const ids = new Set(['Heading1', 'Heading2', 'Heading3', 'Heading4', 'Heading5', 'Heading6', 'Title', 'Titre', 'Titre1', 'Titre2', 'Titre3']);
  for (const match of styles.matchAll(/<w:style\b([^>]*)>([\s\S]*?)<\/w:style>/g)) {
    const id = attribute(match[1], 'w:styleId');
    const name = /<w:name\s+w:val="([^"]*)"/.exec(match[2])?.[1] ?? '';
    if (id && (/^(heading \d|title)$/i.test(name) || /<w:outlineLvl\b/.test(match[2]))) ids.add(id);
  }
  return ids;
}

/**
 * The accessibility criteria of a Word document, read from its XML (docs/product/rules.md#R941):
 * language, title property, heading styles, alternative text of images (`descr`, or marked
 * decorative), header row of tables, text not only in text boxes.
 */
export async function docxCriteria(data: Buffer): Promise<CriterionResult[]> {
  const parts = await readZipParts(data, (name) => {
    if (name === 'word/document.xml') return { maxBytes: 48 * MB };
    if (name === 'word/styles.xml' || name === 'word/settings.xml' || name === 'docProps/core.xml') return { maxBytes: 8 * MB };
    return null;
  });
  const documentXml = parts.get('word/document.xml');
  if (documentXml === undefined) throw new Error('Not a Word document: word/document.xml is missing');
  const styles = parts.get('word/styles.xml') ?? '';
  const core = parts.get('docProps/core.xml') ?? '';
  // Alternate content is written twice (the drawing and its fallback): only the first is counted.
  const body = documentXml.replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, '');

  const language = /<w:lang\b[^>]*\sw:val="[^"]+"/.test(styles) || /<w:lang\b[^>]*\sw:val="[^"]+"/.test(body);
  const title = xmlText(/<dc:title>([^<]*)<\/dc:title>/.exec(core)?.[1] ?? '').trim();

  const headingIds = headingStyles(styles);
  const paragraphs = [...body.matchAll(/<w:p[\s>][\s\S]*?<\/w:p>/g)].map((m) => m[0]);
  const withText = paragraphs.filter((p) => runsText(p).trim()).length;
  const headings = paragraphs.filter((p) => {
    const style = /<w:pStyle\s+w:val="([^"]*)"/.exec(p)?.[1];
    return (style && headingIds.has(style)) || /<w:outlineLvl\b/.test(p);
  }).length;

  const images = [...body.matchAll(/<wp:docPr\b([^>]*?)(\/>|>([\s\S]*?)<\/wp:docPr>)/g)];
  const imagesWithoutAlt = images
    .map((m, i) => ({ i, name: attribute(m[1], 'name'), alt: attribute(m[1], 'descr')?.trim(), decorative: /decorative\b[^>]*val="(1|true)"/.test(m[3] ?? '') }))
    .filter((image) => !image.alt && !image.decorative)
    .map((image) => `image ${image.i + 1}${image.name ? ` (« ${image.name} »)` : ''}`);

  const tables = [...body.matchAll(/<w:tbl>([\s\S]*?)<\/w:tbl>/g)];
  const tablesWithoutHeader = tables
    .map((m, i) => ({ i, firstRow: /<w:tr[\s>][\s\S]*?(<w:tc[\s>]|<\/w:tr>)/.exec(m[1])?.[0] ?? '' }))
    .filter((t) => !/<w:tblHeader(\s*\/>|\s+w:val="(1|true|on)")/.test(t.firstRow))
    .map((t) => `tableau ${t.i + 1}`);

  const boxes = [...body.matchAll(/<w:txbxContent>([\s\S]*?)<\/w:txbxContent>/g)];
  const boxedText = boxes.map((m) => runsText(m[1])).join('').trim();
  const outsideText = runsText(body.replace(/<w:txbxContent>[\s\S]*?<\/w:txbxContent>/g, '')).trim();

  return [
    c('docx-language', language ? 'passed' : 'failed', ['styles et texte du document']),
    c('docx-title', title ? 'passed' : 'failed', ['propriétés du document']),
    withText < 3 ? c('docx-headings', 'not-applicable') : c('docx-headings', headings > 0 ? 'passed' : 'failed', ['aucun paragraphe en style de titre']),
    images.length === 0 ? c('docx-images', 'not-applicable') : c('docx-images', imagesWithoutAlt.length ? 'failed' : 'passed', imagesWithoutAlt.slice(0, 10)),
    tables.length === 0 ? c('docx-tables', 'not-applicable') : c('docx-tables', tablesWithoutHeader.length ? 'failed' : 'passed', tablesWithoutHeader.slice(0, 10)),
    !boxedText ? c('docx-text-boxes', 'not-applicable') : c('docx-text-boxes', outsideText ? 'passed' : 'failed', ['tout le texte est dans des zones de texte']),
  ];
}
