// @ts-check
// The calls `npm run bench` measures, each with its autocannon requests and whether the bare
// baseline (baseline.mjs) answers it too.
import { pick, randomToolId } from './settings.mjs';

/**
 * @typedef {{ name: string, baseline?: boolean, replay?: boolean, options: Partial<import('./lib/load.mjs').LoadOptions> }} Call
 * @param {{ apiUrl: string, cats: number[], types: number[], members: Array<{ headers: Record<string, string> }>, 
 *   listingP1: object, adminListing: object, deepPage: number, withFileLinks: boolean }} context
 * @returns {Promise<Call[]>}
 */
export async function benchCalls({ apiUrl, cats, types, members, listingP1, adminListing, deepPage, withFileLinks }) {
  const searches = ['facture', 'trésorerie', 'réseaux sociaux', 'modèle RGPD', 'prospection commerciale', 'telecharger'];
  const searchTyping = ['cyber', 'sécu', 'compta', 'cybersecurte', 'tresorrie', 'fac'];
  const member = () => pick(members);
  /** A search text never asked before: `words -x<random>`. @param {string} words @param {string} [rest] */
  const newSearchText = (words, rest = '') => (/** @type {any} */ req) => ({
    ...req, path: `/api/tools?q=${encodeURIComponent(`${words} -x${Math.random().toString(36).slice(2, 10)}`)}${rest}`,
  });
  const favBody = (/** @type {{ headers?: Record<string, string> }} */ req) => {
    const m = member();
    return { ...req, headers: { ...req.headers, ...m.headers }, body: JSON.stringify({ toolId: randomToolId() }) };
  };
  /** @type {Call[]} */
  const calls = [
    { name: 'listing page 1', baseline: true, replay: true, options: listingP1 },
    { name: 'listing page 1 (member, isFavorite)', baseline: true, replay: true, options: { requests: [{ path: '/api/tools', setupRequest: (/** @type {any} */ req) => ({ ...req, headers: { ...req.headers, ...member().headers } }) }] } },
    { name: `listing deep page ${deepPage}`, baseline: true, replay: true, options: { requests: [{ path: `/api/tools?page=${deepPage}` }] } },
    { name: 'filter: category', baseline: true, replay: true, options: { requests: cats.map((id) => ({ path: `/api/tools?categories%5B%5D=${id}` })) } },
    { name: 'filter: type', baseline: true, replay: true, options: { requests: types.map((id) => ({ path: `/api/tools?types%5B%5D=${id}` })) } },
    { name: 'filter: difficulty', baseline: true, replay: true, options: { requests: ['Simple', 'Moyen', 'Complexe'].map((d) => ({ path: `/api/tools?difficulties%5B%5D=${d}` })) } },
    {
      name: 'filters combined (2 categories + type + difficulty)', baseline: true, replay: true,
      options: { requests: [{ path: `/api/tools?categories%5B%5D=${cats[0]}&categories%5B%5D=${cats[3]}&types%5B%5D=${types[2]}&difficulties%5B%5D=Simple` }] },
    },
    { name: 'filter: onlyFavorites (member)', baseline: true, replay: true, options: { requests: [{ path: '/api/tools?onlyFavorites=true', setupRequest: (/** @type {any} */ req) => ({ ...req, headers: { ...req.headers, ...member().headers } }) }] } },
    { name: 'search q (6 queries in turn)', baseline: true, replay: true, options: { requests: searches.map((q) => ({ path: `/api/tools?q=${encodeURIComponent(q)}` })) } },
    // docs/product/rules.md#R600–R606: word beginnings, one typo, a search with a filter (its counts ignore that group).
    {
      name: 'search beginnings and typos (6 queries in turn)', replay: true,
      options: { requests: searchTyping.map((q) => ({ path: `/api/tools?q=${encodeURIComponent(q)}` })) },
    },
    { name: 'search + category filter (counts in SQL)', replay: true, options: { requests: [{ path: `/api/tools?q=facture&categories%5B%5D=${cats[1]}` }] } },
    // docs/product/rules.md#R610, #R611: searches never asked before (an exclusion of a random word makes each text new),
    // so neither a kept answer nor kept matches help: the cost of a first search, `facture` matching 22 % of the tools.
    { name: 'search uncached (facture, a new text each time)', options: { requests: [{ path: '/api/tools?q=facture', setupRequest: newSearchText('facture') }] } },
    {
      name: 'search uncached + category filter (a new text each time)',
      options: { requests: [{ path: '/api/tools?q=facture', setupRequest: newSearchText('facture', `&categories%5B%5D=${cats[1]}`) }] },
    },
    {
      name: 'suggestions (6 queries in turn)', replay: true,
      options: { requests: searchTyping.map((q) => ({ path: `/api/tools/suggestions?q=${encodeURIComponent(q)}` })) },
    },
    { name: 'sheet by slug (random)', baseline: true, replay: true, options: { requests: [{ path: '/tools/outil-1', setupRequest: (/** @type {any} */ req) => ({ ...req, path: `/tools/outil-${randomToolId()}` }) }] } },
    { name: 'sheet by id (random)', baseline: true, replay: true, options: { requests: [{ path: '/tools/1', setupRequest: (/** @type {any} */ req) => ({ ...req, path: `/tools/${randomToolId()}` }) }] } },
    { name: 'filters (GET /api/filters)', baseline: true, replay: true, options: { requests: [{ path: '/api/filters' }] } },
    { name: 'featured tool', baseline: true, replay: true, options: { requests: [{ path: '/api/tools/featured' }] } },
    { name: 'download link (random toolId)', options: { requests: [{ path: '/tools/download?toolId=1', setupRequest: (/** @type {any} */ req) => ({ ...req, path: `/tools/download?toolId=${randomToolId()}` }) }] } },
    { name: 'admin listing max=100', baseline: true, options: adminListing },
    {
      name: 'favourite create (random member, tool)',
      options: { requests: [{ method: 'POST', path: '/api/favorites/create', headers: { 'content-type': 'application/json' }, setupRequest: favBody }] },
    },
    {
      name: 'favourite delete (random member, tool)',
      options: { requests: [{ method: 'POST', path: '/api/favorites/delete', headers: { 'content-type': 'application/json' }, setupRequest: favBody }] },
    },
  ];
  // The file itself behind signed links (counts a download: a log row + the counter, in one
  // transaction); links fetched beforehand, valid for DOWNLOAD_URL_TTL_SECONDS (300 s).
  /** @type {string[]} */
  const fileLinks = [];
  if (withFileLinks) {
    for (let i = 0; i < 200; i += 1) {
      const res = await fetch(`${apiUrl}/tools/download?toolId=${randomToolId()}`);
      if (res.ok) {
        const link = new URL((await res.json()).url);
        fileLinks.push(link.pathname + link.search);
      }
    }
  }
  calls.push({
    name: 'file download (signed link; logs the download)',
    options: { requests: [{ path: '/tools/file', setupRequest: (/** @type {any} */ req) => ({ ...req, path: pick(fileLinks) }) }] },
  });
  return calls;
}
