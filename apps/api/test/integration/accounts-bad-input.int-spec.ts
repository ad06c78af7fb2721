import request from 'supertest';
import { accountsSnapshot, accountsTestEnv, signUpPayload } from '../factories/accounts.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

/** The first human-readable text of an error body, whatever its shape. */
function textOf(body: Record<string, unknown>): string {
  if (typeof body.message === 'string') return body.message;
  if (typeof body.error === 'string') return body.error;
  const errors = body.errors as Record<string, unknown> | undefined;
  const first = errors && Object.values(errors).flat()[0];
  return typeof first === 'string' ? first : '';
}

const ENGLISH = /\b(must|should|Bad Request|Unexpected|Cannot|Internal|error occurred|property)\b/i;

/**
 * docs/product/rules.md#R138: malformed input of every shape gets a 4xx with a French message, never a 500,
 * and changes nothing. One snapshot of every account table before, one after.
 */
describe('accounts: bad input of every shape (docs/product/rules.md#R138)', () => {
  const t = useTestApp({ env: accountsTestEnv('bad-input') });
  let member: TestUser;

  beforeAll(async () => {
    member = await createTestUser(t.dataSource);
  });

  const valid = {
    '/api/user/new': () => signUpPayload(),
    '/api/login': () => ({ username: member.email, password: 'Faux-Mdp-2026!' }),
    '/api/login/new/email': () => ({ email: member.email }),
    '/api/password/send_forgot_email': () => ({ email: member.email }),
    '/api/password/reset': () => ({ email: member.email, token: 'x'.repeat(43), password: 'Bonjour-2026!', passwordConfirm: 'Bonjour-2026!' }),
    '/api/user/update': () => ({ firstName: 'Nouveau', oldPassword: '' }),
    '/api/user/delete': () => ({ oldPassword: 'Faux-Mdp-2026!' }),
  } as const;
  type Path = keyof typeof valid;
  const authed = new Set<Path>(['/api/user/update', '/api/user/delete']);
  const paths = Object.keys(valid) as Path[];
  /** Sign-up fields the form may leave out. */
  const OPTIONAL = new Set(['job', 'newsletter', 'activityArea']);

  /** Field values that are wrong in type or size for every field of these forms. */
  const badValues: Array<[string, unknown]> = [
    ['a number', 12345],
    ['an object', { $gt: '' }],
    ['an array', ['a', 'b']],
    ['a boolean', true],
    ['null', null],
    ['10 000 characters', 'é'.repeat(10_000)],
    ['a NUL character', 'abc\u0000def'],
  ];

  const post = (path: Path) => {
    const req = request(t.http).post(path);
    return authed.has(path) ? req.set(member.headers) : req;
  };

  function expectFrench4xx(res: request.Response, label: string) {
    if (res.status < 400 || res.status >= 500) throw new Error(`${label}: status ${res.status} ${JSON.stringify(res.body)}`);
    const text = textOf(res.body);
    expect(text).not.toBe('');
    expect(text).not.toMatch(ENGLISH);
  }

  it('refuses every wrong-typed or oversized field of every account form with a French 4xx, changing nothing', async () => {
    const before = await accountsSnapshot(t.dataSource);
    for (const path of paths) {
      const fields = Object.keys(valid[path]()).filter((field) => !(path === '/api/user/update' && field === 'oldPassword'));
      for (const field of fields) {
        for (const [label, value] of badValues) {
          // null is how a form says "none" for an optional field: a valid value there.
          if (value === null && (OPTIONAL.has(field) || path === '/api/user/update')) continue;
          if (field === 'newsletter' && typeof value === 'boolean') continue;
          const res = await post(path).send({ ...valid[path](), [field]: value });
          expectFrench4xx(res, `${path} ${field} = ${label}`);
        }
      }
    }
    expect(await accountsSnapshot(t.dataSource)).toEqual(before);
  });

  it('refuses missing fields, empty bodies and bodies that are not objects', async () => {
    const before = await accountsSnapshot(t.dataSource);
    for (const path of paths.filter((p) => p !== '/api/user/update')) {
      const label = (what: string) => `${path} ${what}`;
      expectFrench4xx(await post(path).send({}), label('{}'));
      expectFrench4xx(await post(path), label('no body'));
      expectFrench4xx(await post(path).set('Content-Type', 'application/json').send('[1,2]'), label('array'));
      expectFrench4xx(await post(path).set('Content-Type', 'application/json').send('"texte"'), label('string'));
      for (const field of Object.keys(valid[path]()).filter((f) => !OPTIONAL.has(f))) {
        const body: Record<string, unknown> = { ...valid[path]() };
        delete body[field];
        expectFrench4xx(await post(path).send(body), label(`without ${field}`));
      }
    }
    expectFrench4xx(await post('/api/user/update').set('Content-Type', 'application/json').send('[1,2]'), 'update array');
    expect(await accountsSnapshot(t.dataSource)).toEqual(before);
  });

  it('refuses malformed JSON, oversized bodies and unsupported encodings in French', async () => {
    const before = await accountsSnapshot(t.dataSource);
    for (const path of paths) {
      const malformed = await post(path).set('Content-Type', 'application/json').send('{"mail": "a@b.fr",');
      expect(malformed.status).toBe(400);
      expect(textOf(malformed.body)).toBe('Le contenu envoyé est illisible : vérifiez le format des données.');

      const huge = await post(path).set('Content-Type', 'application/json').send(JSON.stringify({ ...valid[path](), filler: 'x'.repeat(300_000) }));
      expect(huge.status).toBe(413);
      expect(textOf(huge.body)).toBe('Le contenu envoyé est trop volumineux.');

      const hugeField = await post(path).field('password', 'x'.repeat(70 * 1024));
      expectFrench4xx(hugeField, `${path} multipart field of 70 KiB`);

      // An unreadable body is no body: refused where fields are required (an empty update is a no-op).
      if (path !== '/api/user/update') {
        const xml = await post(path).set('Content-Type', 'application/xml').send('<mail>a@b.fr</mail>');
        expectFrench4xx(xml, `${path} xml`);
      }
    }
    expect(await accountsSnapshot(t.dataSource)).toEqual(before);
  });

  it('treats injection strings as plain data', async () => {
    const before = await accountsSnapshot(t.dataSource);
    const injections = ["' OR '1'='1' --", '"; DROP TABLE app_user; --', '<script>alert(1)</script>', '${7*7}', '../../etc/passwd'];
    for (const value of injections) {
      expect((await request(t.http).post('/api/login').send({ username: value, password: value }).expect(401)).body).toEqual({ error: 'Identifiants incorrects.' });
      expectFrench4xx(await request(t.http).post('/api/password/send_forgot_email').send({ email: value }), 'forgot injection');
      expectFrench4xx(await request(t.http).get('/api/user/confirm').set({ email: value, token: value }), 'confirm injection');
      expectFrench4xx(await request(t.http).get('/api/user/show').set({ userEmail: value, userToken: value }), 'show injection');
    }
    expect(await accountsSnapshot(t.dataSource)).toEqual(before);
    // A name with markup is stored as typed (the mails escape it), never interpreted.
    const payload = signUpPayload({ firstName: '<b>Zoé</b>', lastName: "O'Brien; DROP TABLE app_user" });
    await request(t.http).post('/api/user/new').send(payload).expect(200);
    const [row] = await t.dataSource.query(`SELECT first_name, last_name FROM app_user WHERE email = $1`, [payload.mail]);
    expect(row).toEqual({ first_name: '<b>Zoé</b>', last_name: "O'Brien; DROP TABLE app_user" });
  });

  it('answers 404 in French for an unknown method on an account path', async () => {
    const res = await request(t.http).get('/api/user/new').expect(404);
    expect(res.body).toEqual({ message: 'Cette adresse n’existe pas.' });
  });
});
