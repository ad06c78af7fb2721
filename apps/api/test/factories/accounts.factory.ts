import request from 'supertest';
import { DataSource } from 'typeorm';
import { ActivityAreaEntity, OutboxMessageEntity } from '@outils/server-db';
import type { JobName } from '@outils/server-jobs';
import { createTestApp, TestApp } from '../setup/test-app';

let counter = 0;

/** A unique, realistic address for one test. */
export function uniqueEmail(label = 'membre'): string {
  counter += 1;
  return `${label}.${counter}.${Date.now().toString(36)}@exemple.fr`;
}

/**
 * The API with a Redis prefix of its own (under the run's prefix, so the global teardown still
 * cleans it): rate-limit counters of one test file never leak into another.
 */
export function createAccountsTestApp(label: string, overrides: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp(accountsTestEnv(label, overrides));
}

/** The configuration of an accounts suite's app: rate-limit counters under a Redis prefix of its own. */
export function accountsTestEnv(label: string, overrides: Record<string, string> = {}): Record<string, string> {
  return { REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX}:${label}-${Date.now().toString(36)}`, ...overrides };
}

export function signUpPayload(overrides: Record<string, unknown> = {}) {
  return {
    lastName: 'Durand',
    firstName: 'Élodie',
    mail: uniqueEmail('inscription'),
    password: 'Bonjour-2026!',
    passwordConfirm: 'Bonjour-2026!',
    job: 'Fleuriste',
    newsletter: '1',
    ...overrides,
  };
}

/** The latest outbox row of `jobName` addressed to `to` (the API tests run without a worker). */
export async function latestMailJob(dataSource: DataSource, jobName: JobName, to: string): Promise<OutboxMessageEntity | null> {
  return dataSource
    .getRepository(OutboxMessageEntity)
    .createQueryBuilder('o')
    .where('o.job_name = :jobName AND o.payload->>\'to\' = :to', { jobName, to })
    .orderBy('o.id', 'DESC')
    .getOne();
}

/** `email` and `token` of a link of the activation or reset mail. */
export function linkParams(url: string): { email: string; token: string; path: string; origin: string } {
  const parsed = new URL(url);
  return {
    email: parsed.searchParams.get('email') ?? '',
    token: parsed.searchParams.get('token') ?? '',
    path: parsed.pathname,
    origin: parsed.origin,
  };
}

export async function activationLink(dataSource: DataSource, email: string) {
  const row = await latestMailJob(dataSource, 'send-activation-mail', email);
  if (!row) throw new Error(`no activation mail for ${email}`);
  return linkParams(String(row.payload.activationUrl));
}

export async function resetLink(dataSource: DataSource, email: string) {
  const row = await latestMailJob(dataSource, 'send-password-reset-mail', email);
  if (!row) throw new Error(`no reset mail for ${email}`);
  return linkParams(String(row.payload.resetUrl));
}

/** Signs up through the API, follows the activation link and logs in. */
export async function signUpActivateAndLogin(t: TestApp, overrides: Record<string, unknown> = {}) {
  const payload = signUpPayload(overrides);
  await request(t.http).post('/api/user/new').send(payload).expect(200);
  const link = await activationLink(t.dataSource, String(payload.mail));
  await request(t.http).get('/api/user/confirm').set('email', link.email).set('token', link.token).expect(200);
  const login = await request(t.http).post('/api/login').send({ username: payload.mail, password: payload.password }).expect(200);
  return { payload, email: String(payload.mail), password: String(payload.password), token: String(login.body.token) };
}

export async function ensureActivityAreas(dataSource: DataSource, names: string[]): Promise<ActivityAreaEntity[]> {
  const repo = dataSource.getRepository(ActivityAreaEntity);
  await repo.createQueryBuilder().insert().values(names.map((name, position) => ({ name, position }))).orIgnore().execute();
  return repo.find({ order: { position: 'ASC', name: 'ASC' } });
}

/**
 * Everything an account call may change, so that a test can prove a refused call changed
 * nothing: row counts and a digest of every user row.
 */
export async function accountsSnapshot(dataSource: DataSource) {
  const [row] = await dataSource.query(`
    SELECT (SELECT count(*)::int FROM app_user) AS users,
           (SELECT count(*)::int FROM auth_session) AS sessions,
           (SELECT count(*)::int FROM one_time_token) AS tokens,
           (SELECT count(*)::int FROM one_time_token WHERE used_at IS NOT NULL) AS used_tokens,
           (SELECT count(*)::int FROM outbox_message) AS outbox,
           (SELECT count(*)::int FROM favorite) AS favorites,
           (SELECT count(*)::int FROM download_log WHERE user_id IS NOT NULL OR email IS NOT NULL) AS named_downloads,
           (SELECT md5(coalesce(string_agg(u::text, '|' ORDER BY u.id), '')) FROM app_user u) AS users_digest`);
  return row as Record<string, number | string>;
}
