import argon2 from 'argon2';
import { OutboxMessageEntity, UserEntity, createDataSource } from '@outils/server-db';
import { createTestDatabase, TestDatabase } from '@outils/server-db/testing';
import { DataSource } from 'typeorm';
import { runCli } from './cli';
import { COMMANDS } from './commands';

/** Answers typed at the prompts of the next command (hidden ones included), as a pipe would give them. */
const typed: string[] = [];
jest.mock('./prompt', () => ({
  createPrompter: () => ({
    interactive: false,
    ask: async (_question: string, fallback?: string) => typed.shift() || fallback || '',
    askHidden: async () => typed.shift() ?? '',
    close: () => undefined,
  }),
}));

describe('operations commands on a real PostgreSQL', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  const previousUrl = process.env.DATABASE_URL;
  const out: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('cli');
    process.env.DATABASE_URL = db.url;
    dataSource = createDataSource(db.url, 2);
    await dataSource.initialize();
  }, 60_000);
  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
    process.env.DATABASE_URL = previousUrl;
  });
  beforeEach(() => {
    out.length = 0;
    jest.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
    jest.spyOn(console, 'error').mockImplementation((line: string) => void out.push(line));
  });
  afterEach(() => jest.restoreAllMocks());

  const addUser = async (email: string, isAdmin: boolean, { activated = true, passwordHash = 'x' } = {}) => {
    const [user] = await dataSource.query(
      `INSERT INTO app_user (email, first_name, last_name, password_hash, is_admin, activated_at, terms_accepted_at)
       VALUES ($1, 'Prénom', 'Nom', $3, $2, CASE WHEN $4 THEN now() END, now()) RETURNING id`, [email, isAdmin, passwordHash, activated]);
    await dataSource.query(`INSERT INTO auth_session (user_id, token_hash, expires_at) VALUES ($1, md5(random()::text) || md5(random()::text), now() + interval '1 day')`, [user.id]);
    return user.id as string;
  };

  it('promotes and demotes an account, closing the demoted admin’s sessions', async () => {
    const id = await addUser('gerant@example.com', false);
    expect(await runCli(['user:promote', 'GERANT@example.com'], COMMANDS)).toBe(0);
    expect((await dataSource.getRepository(UserEntity).findOneByOrFail({ id })).isAdmin).toBe(true);
    expect(await runCli(['user:demote', 'gerant@example.com'], COMMANDS)).toBe(0);
    expect((await dataSource.getRepository(UserEntity).findOneByOrFail({ id })).isAdmin).toBe(false);
    expect((await dataSource.query(`SELECT count(*)::int AS n FROM auth_session WHERE user_id = $1`, [id]))[0].n).toBe(0);
    expect(out.join('\n')).toContain('n’est plus administrateur');
  });

  it('never makes an admin of an account nobody activated: admin:create and user:promote refuse it', async () => {
    // Someone signed up first with the address the operator is about to make admin.
    const squatterHash = await argon2.hash('Squatteur-2026!', { type: argon2.argon2id });
    const id = await addUser('futur-admin@example.com', false, { activated: false, passwordHash: squatterHash });
    expect(await runCli(['admin:create', 'futur-admin@example.com'], COMMANDS)).not.toBe(0);
    expect(out.join('\n')).toContain('jamais activé');
    expect(await runCli(['user:promote', 'futur-admin@example.com'], COMMANDS)).not.toBe(0);
    const user = await dataSource.getRepository(UserEntity).findOneByOrFail({ id });
    expect(user).toMatchObject({ isAdmin: false, activatedAt: null, passwordHash: squatterHash });
  });

  it('admin:create --reset-password takes such an account over: the typed password, activated, every session closed', async () => {
    const id = await addUser('reprise@example.com', false, { activated: false, passwordHash: await argon2.hash('Squatteur-2026!') });
    typed.push('Operateur-2026!', 'Operateur-2026!');
    expect(await runCli(['admin:create', 'reprise@example.com', '--reset-password'], COMMANDS)).toBe(0);
    const user = await dataSource.getRepository(UserEntity).findOneByOrFail({ id });
    expect(user.isAdmin).toBe(true);
    expect(user.activatedAt).not.toBeNull();
    expect(await argon2.verify(user.passwordHash, 'Operateur-2026!')).toBe(true);
    expect(await argon2.verify(user.passwordHash, 'Squatteur-2026!')).toBe(false);
    expect((await dataSource.query(`SELECT count(*)::int AS n FROM auth_session WHERE user_id = $1`, [id]))[0].n).toBe(0);
  });

  it('admin:create promotes an activated account and keeps its password', async () => {
    const id = await addUser('active@example.com', false, { passwordHash: 'hash-du-titulaire' });
    expect(await runCli(['admin:create', 'active@example.com'], COMMANDS)).toBe(0);
    expect(await dataSource.getRepository(UserEntity).findOneByOrFail({ id })).toMatchObject({ isAdmin: true, passwordHash: 'hash-du-titulaire' });
  });

  it('fails with a non-zero code for an unknown account', async () => {
    expect(await runCli(['user:promote', 'personne@example.com'], COMMANDS)).not.toBe(0);
    expect(out.join('\n')).toContain('Aucun compte pour personne@example.com');
  });

  it('re-queues a stuck outbox row but refuses one already sent', async () => {
    const repo = dataSource.getRepository(OutboxMessageEntity);
    const stuck = await repo.save(repo.create({ jobName: 'send-activation-mail', payload: { to: 'a@example.com' }, dispatchedAt: new Date() }));
    const sent = await repo.save(repo.create({ jobName: 'send-activation-mail', payload: { to: 'b@example.com' }, dispatchedAt: new Date(), sentAt: new Date() }));
    expect(await runCli(['outbox:resend', stuck.id], COMMANDS)).toBe(0);
    expect((await repo.findOneByOrFail({ id: stuck.id })).dispatchedAt).toBeNull();
    expect(await runCli(['outbox:resend', sent.id], COMMANDS)).not.toBe(0);
    expect((await repo.findOneByOrFail({ id: sent.id })).dispatchedAt).not.toBeNull();
    expect(await runCli(['outbox:resend', 'abc'], COMMANDS)).not.toBe(0);
  });

  it('purges expired sessions and used links only', async () => {
    const id = await addUser('purge@example.com', false);
    await dataSource.query(`INSERT INTO auth_session (user_id, token_hash, expires_at) VALUES ($1, repeat('a', 64), now() - interval '1 day')`, [id]);
    await dataSource.query(`INSERT INTO one_time_token (user_id, purpose, token_hash, expires_at, used_at) VALUES
      ($1, 'reset', repeat('b', 64), now() + interval '1 hour', now()),
      ($1, 'activation', repeat('c', 64), now() + interval '1 hour', NULL)`, [id]);
    expect(await runCli(['tokens:purge'], COMMANDS)).toBe(0);
    expect((await dataSource.query(`SELECT count(*)::int AS n FROM auth_session WHERE user_id = $1`, [id]))[0].n).toBe(1);
    expect((await dataSource.query(`SELECT purpose FROM one_time_token WHERE user_id = $1`, [id])).map((r: { purpose: string }) => r.purpose)).toEqual(['activation']);
  });
});
