import { WebRoutes, type Tool, type ToolFileFormat } from '@outils/contracts';

/** The vocabularies of DCAT-AP, written inline so that a harvester needs nothing else to read the page. */
export const DCAT_CONTEXT = {
  '@language': 'fr',
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  hydra: 'http://www.w3.org/ns/hydra/core#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  'dct:issued': { '@type': 'xsd:dateTime' },
  'dct:modified': { '@type': 'xsd:dateTime' },
  'dcat:byteSize': { '@type': 'xsd:nonNegativeInteger' },
  'dct:identifier': { '@language': null },
  'dcat:mediaType': { '@type': '@id' },
  'dcat:landingPage': { '@type': '@id' },
  'dcat:accessURL': { '@type': '@id' },
  'dct:license': { '@type': '@id' },
  'dcat:dataset': { '@type': '@id' },
  'foaf:homepage': { '@type': '@id' },
  'hydra:first': { '@type': '@id' },
  'hydra:last': { '@type': '@id' },
  'hydra:next': { '@type': '@id' },
  'hydra:previous': { '@type': '@id' },
} as const;

/** What a file's format is called and, when one type says it, its IANA media type (docs/product/rules.md#R630). */
const FORMATS: Record<ToolFileFormat, { label: string; media?: string }> = {
  pdf: { label: 'PDF', media: 'application/pdf' },
  excel: { label: 'Excel' },
  word: { label: 'Word' },
  csv: { label: 'CSV', media: 'text/csv' },
  image: { label: 'Image' },
};

export interface DcatPageInput {
  tools: Tool[];
  page: number;
  lastPage: number;
  total: number;
  pageSize: number;
  /** Absolute address of the catalogue (`{WEB_URL}/catalogue.jsonld`). */
  catalogueUrl: string;
  /** Where the pages of this serialisation live (the Turtle pages, docs/product/rules.md#R1003); the catalogue's own address by default. */
  pagesUrl?: string;
  webUrl: string;
  publisher: string;
  licence: { name: string; url: string };
}

const pageUrl = (base: string, page: number) => (page === 1 ? base : `${base}?page=${page}`);

/**
 * One page of the open catalogue (docs/product/rules.md#R990, #R991): the catalogue, the page's
 * datasets (one per published tool, its file as the distribution) and hydra's paging, the way
 * data.gouv.fr's DCAT harvester walks it (`hydra:PartialCollectionView`, `hydra:next`).
 */
export function dcatPage(input: DcatPageInput): Record<string, unknown> {
  const { webUrl, catalogueUrl, licence } = input;
  const pagesUrl = input.pagesUrl ?? catalogueUrl;
  const publisher = { '@type': 'foaf:Organization', 'foaf:name': input.publisher };
  const sheetOf = (tool: Tool) => `${webUrl}${WebRoutes.toolBySlug(tool.slug)}`;
  const datasets = input.tools.map((tool) => {
    const sheet = sheetOf(tool);
    const issued = tool.publishedAt ?? tool.createdAt;
    const modified = tool.download.updatedAt ?? issued;
    const format = tool.download.format ? FORMATS[tool.download.format] : null;
    return {
      '@id': `${sheet}#outil`,
      '@type': 'dcat:Dataset',
      'dct:identifier': sheet,
      'dct:title': tool.name,
      'dct:description': tool.description,
      'dcat:theme': { '@id': `${webUrl}/toolspage?categories%5B%5D=${tool.category.id}`, '@type': 'skos:Concept', 'skos:prefLabel': tool.category.name },
      'dcat:keyword': [tool.category.name, tool.type.name],
      'dct:issued': issued,
      'dct:modified': modified,
      'dcat:landingPage': sheet,
      'dct:license': licence.url,
      'dct:publisher': publisher,
      'dcat:distribution': {
        '@id': `${sheet}#fichier`,
        '@type': 'dcat:Distribution',
        'dct:title': format ? `${tool.name} (${format.label})` : tool.name,
        // The file itself is behind a signed link that expires (docs/product/rules.md#R100): the
        // stable address of its download is the sheet's button.
        'dcat:accessURL': sheet,
        ...(format ? { 'dct:format': format.label } : {}),
        ...(format?.media ? { 'dcat:mediaType': `https://www.iana.org/assignments/media-types/${format.media}` } : {}),
        'dcat:byteSize': tool.download.size,
        'dct:license': licence.url,
        'dct:issued': issued,
        'dct:modified': modified,
      },
    };
  });
  const view: Record<string, unknown> = {
    '@id': pageUrl(pagesUrl, input.page),
    '@type': 'hydra:PartialCollectionView',
    'hydra:first': pageUrl(pagesUrl, 1),
    'hydra:last': pageUrl(pagesUrl, input.lastPage),
    'hydra:totalItems': input.total,
    'hydra:itemsPerPage': input.pageSize,
  };
  if (input.page > 1) view['hydra:previous'] = pageUrl(pagesUrl, input.page - 1);
  if (input.page < input.lastPage) view['hydra:next'] = pageUrl(pagesUrl, input.page + 1);
  return {
    '@context': DCAT_CONTEXT,
    '@graph': [
      {
        '@id': catalogueUrl,
        '@type': 'dcat:Catalog',
        'dct:title': 'Outils — bibliothèque d’outils pour les TPE et PME',
        'dct:description': 'Diagnostics, checklists, infographies, modèles et kits gratuits pour structurer les projets informatiques des TPE et PME.',
        'dct:language': { '@id': 'http://publications.europa.eu/resource/authority/language/FRA' },
        'dct:license': licence.url,
        'dct:publisher': publisher,
        'foaf:homepage': webUrl,
        'dcat:dataset': datasets.map((dataset) => dataset['@id']),
      },
      view,
      ...datasets,
    ],
  };
}
