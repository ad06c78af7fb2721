import { Parser, Writer } from 'n3';
import { DCAT_CONTEXT } from './dcat-document';

// The W3C test suites' JSON-LD processor (no types published): the JSON-LD page's own RDF reading.
const jsonld = require('jsonld') as { toRDF(doc: unknown, options: { format: 'application/n-quads' }): Promise<string> };

const PREFIXES: Record<string, string> = Object.fromEntries(
  Object.entries(DCAT_CONTEXT as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !entry[0].startsWith('@')),
);

/**
 * The Turtle of a JSON-LD document (docs/product/rules.md#R1003): `jsonld` reads it as RDF (N-Quads,
 * the JSON-LD algorithm itself, context inline so nothing is fetched), `n3` writes those triples as
 * Turtle with the DCAT-AP prefixes. The same triples as the JSON-LD, by construction.
 */
export async function turtleOf(document: object): Promise<string> {
  const quads = new Parser({ format: 'N-Quads' }).parse(await jsonld.toRDF(document, { format: 'application/n-quads' }));
  const writer = new Writer({ prefixes: PREFIXES });
  writer.addQuads(quads);
  return new Promise((resolve, reject) => writer.end((error: Error | null, result: string) => (error ? reject(error) : resolve(result))));
}
