// @ts-check
// Drill 5's requests: malformed input on every endpoint (wrong types, huge fields, injection
// strings, broken bodies, wrong file contents, raw HTTP garbage). Every request is built to be
// refused: where a field could legitimately hold any text (names, search), the request carries
// another field that is certainly invalid ("poison"), so a 2xx that changes a row is a finding,
// not noise. Deterministic (seeded), so two runs send the same 1 000 requests.

export const INJECTIONS = [
  "' OR '1'='1", "1; DROP TABLE app_user;--", "admin'--", '" OR ""="', '1 UNION SELECT password_hash FROM app_user',
  "'; SELECT pg_sleep(10);--", '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '{{7*7}}', '${jndi:ldap://x/a}',
  '../../../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '%00', '\u0000nul', 'a\u0007bell', '\u202Egnp.exe', '😀'.repeat(300),
  '{"$ne": null}', '__proto__', 'constructor', "Robert'); DROP TABLE tool;--", '\\x27 OR 1=1', 'NaN', 'Infinity', '-1', '1e309',
];
export const WRONG_TYPES = [[], ['a', 'b'], {}, { $gt: '' }, { __proto__: { isAdmin: true } }, 12.5, -1, 0, true, false, null, [[[[]]]], 1e308];
const huge = (/** @type {number} */ n) => 'A'.repeat(n);

/** A small seeded generator (mulberry32): the same requests on every run. @param {number} seed */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** @typedef {<T>(list: readonly T[]) => T} Pick */
/**
 * @typedef {{ member: { headers: Record<string, string>, email: string, token: string }, admin: { headers: Record<string, string> },
 *   toolId: number, imageId: string, typeId: number, categoryId: number }} MalformedContext
 */

/** Any value as a URL's text, as encodeURIComponent writes it. @param {unknown} value */
const enc = (value) => encodeURIComponent(String(value));
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const ZIP = Buffer.from('504b030414000000080000000000', 'hex');
const OLE_MACRO = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512), Buffer.from('_VBA_PROJECT', 'utf16le')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>');

/**
 * Builds `count` request descriptions: { label, method, path, headers, body (string | Buffer |
 * FormData | undefined), raw (a raw HTTP request string, for the HTTP-level garbage) }.
 * `ctx`: { member: {headers,email}, admin: {headers}, toolId, imageId, slug }.
 * @param {MalformedContext} ctx @param {number} [count] @param {number} [seed]
 */
export function malformedRequests(ctx, count = 1000, seed = 8) {
  const r = rng(seed);
  /** @type {Pick} */
  const pick = (list) => list[Math.floor(r() * list.length)];
  const bad = () => {
    const kind = r();
    return kind < 0.45 ? pick(INJECTIONS) : kind < 0.85 ? pick(WRONG_TYPES) : huge(pick([300, 5_000, 90_000]));
  };
  const badText = () => (r() < 0.8 ? pick(INJECTIONS) : huge(pick([300, 5_000])));
  const json = (/** @type {unknown} */ obj) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(obj) });
  const form = (/** @type {Record<string, unknown>} */ obj) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(flatten(obj)).toString() });
  const asBody = (/** @type {Record<string, unknown>} */ obj) => (r() < 0.6 ? json(obj) : form(obj));
  const badCreds = () => {
    /** @type {Array<Record<string, string>>} */
    const sets = [
      { useremail: ctx.member.email, usertoken: pick(INJECTIONS.filter((s) => !/[\u0000-\u001f\u007f-\uffff]/.test(s))) },
      { useremail: "' OR 1=1 --", usertoken: 'x' },
      { 'access-token': huge(5000) },
      { token: 'a'.repeat(64), email: 'nobody@example.com' },
      { usertoken: `${ctx.member.token}'--`, useremail: ctx.member.email },
    ];
    return pick(sets);
  };
  const memberOr = () => (r() < 0.5 ? ctx.member.headers : badCreds());
  const adminOr = () => (r() < 0.6 ? ctx.admin.headers : badCreds());
  const badId = () => pick(['abc', '1 OR 1=1', '-5', '0', '99999999999', '1;DELETE FROM tool', '../1', '', '0x1F', '1e3', '%27', huge(300)]);
  const badEmail = () => pick(["' OR '1'='1", 'a@', '@b.fr', 'x'.repeat(300) + '@example.com', 'a b@c.fr', '<script>@x.fr', 'user@@example.com', '', huge(2000)]);

  // Each family: a function that returns one request; families cover every endpoint.
  const families = [
    // --- catalogue reads
    () => ({ label: 'GET /api/tools bad params', method: 'GET', path: `/api/tools?${pick([
      `page=${enc(bad())}`, `page=-1`, `page=1.5`, `page[]=1&page[]=2`, `categories[]=${enc(badText())}`, `types[]=${enc(badText())}`,
      `difficulties[]=${enc(badText())}`, `max=${enc(pick(['1000', '-1', 'abc', '1e9']))}`, `onlyFavorites=${enc(badText())}`,
      `q=${enc(huge(5000))}`, `q=%00`, `q[]=a&q[]=b`, `q[a][b]=c`, `sort=${enc(badText())}`,
      `categories[]=${Array.from({ length: 300 }, (_, i) => i + 1).join('&categories[]=')}`, `categories=${enc("1') OR ('1'='1")}`,
    ])}`, headers: r() < 0.3 ? memberOr() : {} }),
    () => ({ label: 'GET /api/tools max as non-admin', method: 'GET', path: `/api/tools?max=${pick(['100', '50'])}`, headers: r() < 0.5 ? ctx.member.headers : badCreds() }),
    () => ({ label: 'GET /tools/:idOrSlug injection', method: 'GET', path: `/tools/${enc(pick([...INJECTIONS, huge(3000), '99999999999', '-1', '0']))}`, headers: {} }),
    () => ({ label: 'GET /tools/download bad toolId', method: 'GET', path: `/tools/download?toolId=${enc(String(bad()).slice(0, 6000))}`, headers: r() < 0.3 ? badCreds() : {} }),
    () => ({ label: 'GET /tools/download toolId[]', method: 'GET', path: `/tools/download?toolId[]=1&toolId[]=2`, headers: {} }),
    () => ({ label: 'GET /tools/file forged signature', method: 'GET', path: `/tools/file?toolId=${ctx.toolId}&expires=${pick(['9999999999', 'abc', '-1'])}&sig=${enc(badText())}`, headers: {} }),
    () => ({ label: 'GET /tools/images/:id injection', method: 'GET', path: `/tools/images/${enc(pick([...INJECTIONS, huge(500), '00000000-0000-0000-0000-000000000000']))}`, headers: {} }),
    () => ({ label: 'GET /api/filters|activities|featured junk', method: 'GET', path: `${pick(['/api/filters', '/api/activities', '/api/tools/featured'])}?${enc(badText())}=${enc(badText())}`, headers: r() < 0.5 ? badCreds() : {} }),
    // --- accounts
    () => ({ label: 'POST /api/user/new invalid', method: 'POST', path: '/api/user/new', ...asBody({
      lastName: bad(), firstName: badText(), mail: badEmail(), password: pick(['short', bad()]), passwordConfirm: 'différent-2026!', isAdmin: true,
      activityArea: pick(['abc', -1, { $gt: 0 }]), newsletter: pick(['peut-être', [], {}]),
    }) }),
    () => ({ label: 'GET /api/user/confirm bad headers', method: 'GET', path: '/api/user/confirm', headers: { email: pick([badEmail(), ctx.member.email]).slice(0, 4000), token: pick([huge(5000), 'abc', "' OR 1=1--"]) } }),
    () => ({ label: 'POST /api/login invalid', method: 'POST', path: '/api/login', ...asBody({ username: pick([bad(), badEmail()]), password: bad() }) }),
    () => ({ label: 'POST /api/login wrong password', method: 'POST', path: '/api/login', ...asBody({ username: ctx.member.email, password: pick(INJECTIONS.filter((s) => typeof s === 'string')) }) }),
    () => ({ label: 'POST /api/login/new/email invalid', method: 'POST', path: '/api/login/new/email', ...asBody({ email: badEmail() }) }),
    () => ({ label: 'POST /api/password/send_forgot_email invalid', method: 'POST', path: '/api/password/send_forgot_email', ...asBody({ email: pick([badEmail(), ['a@b.fr', 'c@d.fr'], { $ne: null }]) }) }),
    () => ({ label: 'POST /api/password/reset forged', method: 'POST', path: '/api/password/reset', ...asBody({ email: pick([ctx.member.email, badEmail()]), token: badText(), password: 'Nouveau-2026!', passwordConfirm: 'Nouveau-2026!' }) }),
    () => ({ label: 'POST /api/password/reset wrong types', method: 'POST', path: '/api/password/reset', ...json({ email: bad(), token: bad(), password: bad(), passwordConfirm: bad() }) }),
    () => ({ label: 'GET /api/user/show bad creds', method: 'GET', path: '/api/user/show', headers: badCreds() }),
    () => ({ label: 'POST /api/user/update invalid (member)', method: 'POST', path: '/api/user/update', ...withBody(memberOr(), asBody({
      firstName: badText(), lastName: bad(), job: badText(), mail: badEmail(), newsletter: pick([{ $gt: '' }, 'peut-être', []]), activityArea: pick(['abc', -3, [1, 2]]),
    })) }),
    () => ({ label: 'POST /api/user/update password attack (member)', method: 'POST', path: '/api/user/update', ...withBody(memberOr(), json({
      password: 'Nouveau-2026!', passwordConfirm: 'Nouveau-2026!', oldPassword: pick(INJECTIONS), mail: 'pirate@example.com',
    })) }),
    () => ({ label: 'POST /api/user/delete wrong password (member)', method: 'POST', path: '/api/user/delete', ...withBody(memberOr(), asBody({ oldPassword: bad() })) }),
    () => ({ label: 'POST /api/logout bad creds', method: 'POST', path: '/api/logout', ...withBody(badCreds(), asBody({ storedToken: bad() })) }),
    // --- favourites, newsletter
    () => ({ label: 'POST /api/favorites/create bad toolId', method: 'POST', path: pick(['/api/favorites/create', '/api/favorites/delete']), ...withBody(memberOr(), asBody({ toolId: pick([badId(), ...WRONG_TYPES.filter((v) => v !== true && v !== false)]) })) }),
    () => ({ label: 'POST /api/mailjet/register invalid', method: 'POST', path: '/api/mailjet/register', ...asBody({ email: badEmail(), consent: bad(), source: badText() }) }),
    // docs/product/rules.md#R451, #R744: the newsletter mails' links, and the member's data file link.
    () => ({ label: 'POST /api/newsletter/confirm invalid', method: 'POST', path: '/api/newsletter/confirm', ...asBody({ id: pick([badId(), ...INJECTIONS]), token: bad() }) }),
    () => ({ label: 'POST /api/newsletter/unsubscribe invalid', method: 'POST', path: `/api/newsletter/unsubscribe?id=${encodeURIComponent(String(badText()))}&token=${encodeURIComponent(String(bad()))}`, ...asBody({ 'List-Unsubscribe': 'One-Click' }) }),
    () => ({ label: 'GET /api/user/export/file forged', method: 'GET', path: `/api/user/export/file?u=${encodeURIComponent(String(badText()))}&x=${encodeURIComponent(String(bad()))}&s=${encodeURIComponent(String(badText()))}` }),
    // --- administration
    () => ({ label: 'POST /admin/tools/create invalid fields', method: 'POST', path: '/admin/tools/create', ...withBody(adminOr(), asBody({
      name: badText(), description: bad(), type: pick(['abc', '-1', '99999999999', "1 OR 1=1"]), category: bad(), difficulty: badText(), duration: pick(['-5', 'abc', '1e309']), isFeatured: bad(),
    })) }),
    () => ({ label: 'POST /admin/tools/create wrong file contents', method: 'POST', path: '/admin/tools/create', headers: adminOr(), body: wrongFileForm(pick, ctx, 'create') }),
    () => ({ label: 'POST /admin/tools/update wrong file / fields', method: 'POST', path: '/admin/tools/update', headers: adminOr(), body: wrongFileForm(pick, ctx, 'update') }),
    () => ({ label: 'POST /admin/tools/update invalid toolId', method: 'POST', path: '/admin/tools/update', ...withBody(adminOr(), asBody({ toolId: badId(), name: badText() })) }),
    () => ({ label: 'POST /admin/tools/delete invalid toolId', method: 'POST', path: '/admin/tools/delete', ...withBody(adminOr(), asBody({ toolId: pick([badId(), [], {}, null, -1, 0, 2147483648, '1 OR 1=1']) })) }),
    () => ({ label: 'POST /admin/* as member', method: 'POST', path: pick(['/admin/tools/create', '/admin/tools/update', '/admin/tools/delete', '/admin/queues/link']), ...withBody(ctx.member.headers, asBody({ toolId: ctx.toolId, name: 'Pirate' })) }),
    () => ({ label: 'POST /admin/queues/link bad creds', method: 'POST', path: '/admin/queues/link', ...withBody(badCreds(), asBody({})) }),
    // --- broken bodies on every POST
    () => ({ label: 'POST malformed JSON', method: 'POST', path: pick(POSTS), headers: { 'content-type': 'application/json', ...(r() < 0.4 ? memberOr() : {}) }, body: pick(['{"mail": ', '{bad json}', '[1,2', '"\\u0000"', 'null', '123', '{"a":' + '['.repeat(5000)]) }),
    () => ({ label: 'POST body over the limit', method: 'POST', path: pick(POSTS), headers: { 'content-type': pick(['application/json', 'application/x-www-form-urlencoded']) }, body: pick([JSON.stringify({ mail: huge(200_000) }), `mail=${huge(200_000)}`]) }),
    () => ({ label: 'POST deep/polluted urlencoded', method: 'POST', path: pick(POSTS), headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: pick([
      `${'a['.repeat(40)}x${']'.repeat(40)}=1`, '__proto__[isAdmin]=true&constructor[prototype][isAdmin]=true', Array.from({ length: 500 }, (_, i) => `f${i}=x`).join('&'), '%E0%A4%A=1',
    ]) }),
    () => ({ label: 'POST wrong content-type', method: 'POST', path: pick(POSTS), headers: { 'content-type': pick(['text/plain', 'application/xml', 'image/png', 'multipart/form-data', 'multipart/form-data; boundary=zzz', 'application/json; charset=utf-7']) }, body: pick(['<a>1</a>', 'plain', '--zzz\r\nContent-Disposition: form-data; name="mail"\r\n\r\nx\r\n', PNG]) }),
    () => ({ label: 'POST multipart with files where none are taken', method: 'POST', path: pick(['/api/user/new', '/api/login', '/api/mailjet/register', '/api/favorites/create']), body: (() => {
      const fd = new FormData();
      fd.append('mail', badEmail());
      fd.append('file', new Blob([EXE]), 'virus.exe');
      return fd;
    })() }),
    // --- other routes
    () => ({ label: 'GET unknown/odd paths', method: pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']), path: pick(['/api/../../etc/passwd', '/api/tools/../../admin', '/%2e%2e/%2e%2e/', '/api/user/new?x=' + huge(3000), '/admin/tools/create/..;/x', '/api/tools%00', '/.env', '/api/docs-json?' + enc(badText())]), headers: {} }),
    () => ({ label: 'GET /metrics /health junk', method: 'GET', path: `${pick(['/metrics', '/health', '/health/ready'])}?${enc(badText())}=1`, headers: { authorization: `Bearer ${badText()}`.slice(0, 4000) } }),
    // --- raw HTTP garbage
    () => ({ label: 'raw HTTP garbage', raw: pick([
      'GET /api/tools HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'GET /api/tools HTTP/1.1\r\nHost: x\r\nX-Big: ' + huge(20_000) + '\r\n\r\n',
      'BREW /api/tools HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /api/tools?page=\u0000 HTTP/1.1\r\nHost: x\r\n\r\n',
      'POST /api/user/new HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{"a":1}\r\n0\r\n\r\n',
      'GET / HTTP/9.9\r\n\r\n',
    ]) }),
  ];

  const out = [];
  for (let i = 0; out.length < count; i += 1) {
    const family = families[i % families.length];
    out.push(family());
  }
  return out;
}

/**
 * `{ headers: credentials, ...asBody(x) }` would drop the credentials: merge them instead.
 * @param {Record<string, string>} headers @param {{ headers: Record<string, string>, body: string }} body
 */
function withBody(headers, body) {
  return { headers: { ...headers, ...body.headers }, body: body.body };
}

const POSTS = [
  '/api/user/new', '/api/user/update', '/api/user/delete', '/api/login', '/api/login/new/email', '/api/logout', '/api/password/send_forgot_email',
  '/api/password/reset', '/api/favorites/create', '/api/favorites/delete', '/api/mailjet/register', '/admin/tools/create', '/admin/tools/update',
  '/admin/tools/delete', '/admin/queues/link',
];

/**
 * urlencoded of nested values the way qs reads them back (a[b]=…, a[]=…).
 * @param {Record<string, unknown>} obj @param {string} [prefix] @param {Array<[string, string]>} [out]
 * @returns {Array<[string, string]>}
 */
function flatten(obj, prefix = '', out = []) {
  for (const [key, value] of Object.entries(obj)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (value === null || value === undefined) out.push([name, '']);
    else if (Array.isArray(value)) value.forEach((v) => (typeof v === 'object' && v !== null ? flatten({ '': v }, `${name}`, out) : out.push([`${name}[]`, String(v)])));
    else if (typeof value === 'object') flatten(/** @type {Record<string, unknown>} */ (value), name, out);
    else out.push([name, String(value)]);
  }
  return out;
}

/**
 * A tool form whose file (or images) content is wrong: an executable named .pdf, a PNG named
 * .pdf, a zip, a Word file with macros, an SVG with a script as an image, HTML as an image, an
 * empty file. The other fields are valid, so only the file check stands between it and a row.
 * @param {Pick} pick @param {MalformedContext} ctx @param {'create' | 'update'} mode
 */
function wrongFileForm(pick, ctx, mode) {
  const fd = new FormData();
  if (mode === 'update') fd.append('toolId', String(ctx.toolId));
  fd.append('name', 'Outil piégé');
  fd.append('description', 'Un fichier au contenu trompeur.');
  fd.append('type', String(ctx.typeId));
  fd.append('category', String(ctx.categoryId));
  fd.append('difficulty', 'Simple');
  const [field, body, name] = pick([
    ['toolFile', EXE, 'outil.pdf'], ['toolFile', PNG, 'outil.pdf'], ['toolFile', ZIP, 'outil.docx'], ['toolFile', OLE_MACRO, 'outil.doc'],
    ['toolFile', Buffer.alloc(0), 'vide.pdf'], ['toolFile', EXE, 'outil.exe'], ['toolFile', Buffer.from([0, 1, 2, 3, 0, 0]), 'data.csv'],
    ['images[]', SVG, 'image.png'], ['images[]', HTML, 'photo.jpg'], ['images[]', EXE, 'image.png'], ['images[]', Buffer.alloc(0), 'vide.png'],
  ]);
  if (field === 'images[]') fd.append('toolFile', new Blob([EXE]), 'outil.pdf'); // the tool file is wrong too
  fd.append(field, new Blob([body]), name);
  return fd;
}
