import { Parser, type Quad } from 'n3';
import request from 'supertest';
import { OpenCatalogue, OpenCatalogueMessages } from '@outils/contracts';
import { createCategory, createTestTool, createToolType, TestTool } from '../factories/tool.factory';
import { useTestApp } from '../support/suite-app';

// The JSON-LD processor of the W3C's test suite, as a harvester would read the catalogue (no types published).
const jsonld = require('jsonld') as {
  expand(doc: unknown): Promise<unknown[]>; flatten(doc: unknown): Promise<unknown>; toRDF(doc: unknown, options: { format: 'application/n-quads' }): Promise<string>;
};

const DAY = 86_400_000;
const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';
const HYDRA = 'http://www.w3.org/ns/hydra/core#';
const RDF_TYPE = '@type';

type Node = Record<string, Array<{ '@id'?: string; '@value'?: unknown; '@type'?: string }> | string | string[]>;
const values = (node: Node, property: string) => (node[property] as Array<{ '@id'?: string; '@value'?: unknown; '@type'?: string }> | undefined) ?? [];
const one = (node: Node, property: string) => values(node, property)[0];

/**
 * The open catalogue (docs/product/rules.md#R990–R992): DCAT-AP in JSON-LD that a JSON-LD
 * processor expands, with the fields data.gouv.fr's DCAT harvester reads, paged the hydra way,
 * CORS-open, and never a draft nor a scheduled tool.
 */
describe('open catalogue: /api/catalogue.jsonld (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true, env: { CATALOGUE_LICENCE_URL: 'https://example.org/licence-test', CATALOGUE_LICENCE_NAME: 'Licence de test' } });
  const published: TestTool[] = [];
  let draft: TestTool;
  let scheduled: TestTool;

  beforeAll(async () => {
    const category = await createCategory(t.dataSource, 'Cybersécurité');
    const type = await createToolType(t.dataSource, 'Checklist');
    const common = { categoryId: category.id, typeId: type.id, description: 'Une liste de contrôle de la sécurité du poste.' };
    // One more than a page, so that the catalogue has two.
    for (let i = 0; i <= OpenCatalogue.pageSize; i += 1) {
      published.push(await createTestTool(t, { ...common, name: `Checklist ${i}`, slug: `checklist-${i}`, createdAt: new Date(Date.now() - (i + 2) * DAY) }));
    }
    draft = await createTestTool(t, { ...common, name: 'Checklist brouillon', slug: 'checklist-brouillon', isDraft: true });
    scheduled = await createTestTool(t, { ...common, name: 'Checklist programmée', slug: 'checklist-programmee', publishAt: new Date(Date.now() + DAY) });
  });

  const expand = async (page?: number) => {
    const res = await request(t.http).get(`/api/catalogue.jsonld${page ? `?page=${page}` : ''}`).set('Origin', 'https://partenaire.example').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const expanded = (await jsonld.expand(JSON.parse(res.text))) as Node[];
    expect(expanded.length).toBeGreaterThan(0);
    // Flattened without a context: every node at the top, its properties as full IRIs.
    return (await jsonld.flatten(expanded)) as Node[];
  };
  const ofType = (nodes: Node[], type: string) => nodes.filter((node) => (node[RDF_TYPE] as string[] | undefined)?.includes(type));

  it('expands as JSON-LD with the DCAT fields data.gouv.fr maps, for every published tool of the page (R990)', async () => {
    const nodes = await expand();
    const [catalog] = ofType(nodes, `${DCAT}Catalog`);
    expect(catalog).toBeDefined();
    const datasets = ofType(nodes, `${DCAT}Dataset`);
    expect(datasets).toHaveLength(OpenCatalogue.pageSize);
    expect(values(catalog, `${DCAT}dataset`)).toHaveLength(OpenCatalogue.pageSize);
    const newest = published[0];
    const sheet = `${t.config.urls.web}/toolspage/${newest.slug}`;
    const dataset = datasets.find((node) => one(node, `${DCAT}landingPage`)?.['@id'] === sheet)!;
    expect(dataset).toBeDefined();
    expect(one(dataset, `${DCT}title`)?.['@value']).toBe(newest.name);
    expect(one(dataset, `${DCT}description`)?.['@value']).toBe('Une liste de contrôle de la sécurité du poste.');
    expect(one(dataset, `${DCT}identifier`)?.['@value']).toBe(sheet);
    expect(one(dataset, `${DCT}issued`)?.['@type']).toBe('http://www.w3.org/2001/XMLSchema#dateTime');
    expect(Number.isNaN(Date.parse(String(one(dataset, `${DCT}issued`)?.['@value'])))).toBe(false);
    expect(one(dataset, `${DCT}modified`)?.['@value']).toBeDefined();
    expect(one(dataset, `${DCT}license`)?.['@id']).toBe('https://example.org/licence-test');
    expect(values(dataset, `${DCAT}keyword`).map((k) => k['@value'])).toEqual(expect.arrayContaining(['Cybersécurité', 'Checklist']));
    const theme = nodes.find((node) => node['@id'] === one(dataset, `${DCAT}theme`)?.['@id'])!;
    expect(one(theme, 'http://www.w3.org/2004/02/skos/core#prefLabel')?.['@value']).toBe('Cybersécurité');
    const distribution = nodes.find((node) => node['@id'] === one(dataset, `${DCAT}distribution`)?.['@id'])!;
    expect(distribution[RDF_TYPE]).toContain(`${DCAT}Distribution`);
    expect(one(distribution, `${DCAT}accessURL`)?.['@id']).toBe(sheet);
    expect(one(distribution, `${DCT}format`)?.['@value']).toBe('PDF');
    expect(one(distribution, `${DCAT}mediaType`)?.['@id']).toBe('https://www.iana.org/assignments/media-types/application/pdf');
    expect(Number(one(distribution, `${DCAT}byteSize`)?.['@value'])).toBeGreaterThan(0);
    expect(one(distribution, `${DCT}license`)?.['@id']).toBe('https://example.org/licence-test');
  });

  it('is paged the hydra way, the last page has no next, and the pages together hold every published tool once (R991)', async () => {
    const catalogueUrl = `${t.config.urls.web}${OpenCatalogue.webPath}`;
    const first = await expand();
    const [view] = ofType(first, `${HYDRA}PartialCollectionView`);
    expect(one(view, `${HYDRA}next`)?.['@id']).toBe(`${catalogueUrl}?page=2`);
    expect(one(view, `${HYDRA}totalItems`)?.['@value']).toBe(published.length);
    const second = await expand(2);
    const [lastView] = ofType(second, `${HYDRA}PartialCollectionView`);
    expect(values(lastView, `${HYDRA}next`)).toHaveLength(0);
    expect(one(lastView, `${HYDRA}previous`)?.['@id']).toBe(catalogueUrl);
    const landing = [...ofType(first, `${DCAT}Dataset`), ...ofType(second, `${DCAT}Dataset`)].map((node) => one(node, `${DCAT}landingPage`)?.['@id']);
    expect(new Set(landing).size).toBe(published.length);
    expect(landing.sort()).toEqual(published.map((tool) => `${t.config.urls.web}/toolspage/${tool.slug}`).sort());
  });

  it('never holds a draft nor a scheduled tool (R990, R651)', async () => {
    for (const page of [1, 2]) {
      const text = (await request(t.http).get(`/api/catalogue.jsonld?page=${page}`).expect(200)).text;
      for (const hidden of [draft, scheduled]) {
        expect(text).not.toContain(hidden.slug);
        expect(text).not.toContain(hidden.name);
      }
    }
  });

  it('answers a bad page with a French 400 and a page past the end with a French 404, changing nothing', async () => {
    for (const page of ['0', 'abc', '-1', '1.5']) {
      const res = await request(t.http).get(`/api/catalogue.jsonld?page=${page}`).expect(400);
      expect(res.body.message).toBe(OpenCatalogueMessages.invalidPage);
    }
    const res = await request(t.http).get('/api/catalogue.jsonld?page=3').expect(404);
    expect(res.body.message).toBe(OpenCatalogueMessages.pageNotFound);
  });

  it('opens the catalogue’s guest reads to every origin, and keeps the web app’s origin for the rest (R992)', async () => {
    const origin = 'https://partenaire.example';
    for (const path of ['/api/tools', '/api/filters', '/api/tools/featured', `/tools/${published[0].slug}`]) {
      const res = await request(t.http).get(path).set('Origin', origin).expect(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    const profile = await request(t.http).get('/api/user/show').set('Origin', origin);
    expect(profile.headers['access-control-allow-origin']).toBe(t.config.urls.web);
  });

  it('says the same triples in Turtle, paged to the Turtle pages, to any origin, without a draft (R1003)', async () => {
    // Blank nodes renamed by each writer: compared by their subject, predicate and object otherwise.
    const shape = (quads: Quad[]) => quads.map((q) => [q.subject, q.predicate, q.object].map((term) => (term.termType === 'BlankNode' ? '_' : `${term.termType}:${term.value}:${'language' in term ? term.language : ''}:${'datatype' in term ? term.datatype?.value : ''}`)).join(' ')).sort();
    const turtleUrl = `${t.config.urls.web}${OpenCatalogue.turtlePath}`;
    for (const page of [1, 2]) {
      const ttl = await request(t.http).get(`/api/catalogue.ttl?page=${page}`).set('Origin', 'https://partenaire.example').expect(200);
      expect(ttl.headers['content-type']).toMatch(/^text\/turtle/);
      expect(ttl.headers['access-control-allow-origin']).toBe('*');
      expect(ttl.text).toContain('@prefix dcat: <http://www.w3.org/ns/dcat#>.');
      const fromTurtle = new Parser({ format: 'Turtle' }).parse(ttl.text);
      const json = (await request(t.http).get(`/api/catalogue.jsonld?page=${page}`).expect(200)).text;
      const fromJson = new Parser({ format: 'N-Quads' }).parse(await jsonld.toRDF(JSON.parse(json), { format: 'application/n-quads' }));
      expect(fromTurtle.length).toBe(fromJson.length);
      // The Hydra links go to the Turtle pages; every other triple is the JSON-LD's own.
      for (const link of fromTurtle.filter((q) => [`${HYDRA}first`, `${HYDRA}last`, `${HYDRA}next`, `${HYDRA}previous`].includes(q.predicate.value))) {
        expect(link.object.value.startsWith(turtleUrl)).toBe(true);
      }
      const data = (quads: Quad[]) => shape(quads.filter((q) => !q.predicate.value.startsWith(HYDRA) && q.object.value !== `${HYDRA}PartialCollectionView`));
      expect(data(fromTurtle)).toEqual(data(fromJson));
      expect(data(fromTurtle).length).toBeGreaterThan(page === 1 ? OpenCatalogue.pageSize * 5 : 5);
      for (const hidden of [draft, scheduled]) expect(ttl.text).not.toContain(hidden.slug);
    }
    expect((await request(t.http).get('/api/catalogue.ttl?page=abc').expect(400)).body.message).toBe(OpenCatalogueMessages.invalidPage);
  });
});
