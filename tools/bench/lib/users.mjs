// @ts-check
// Users and sessions straight in the database, as apps/api/test/factories/user.factory.ts does
// (a session row holds the sha256 of the opaque token), for the bench and the drills.
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const hashToken = (/** @type {string} */ token) => createHash('sha256').update(token, 'utf8').digest('hex');

/** @type {Promise<string> | undefined} */
let passwordHash;
/** One real argon2id hash (of a random password nobody knows) shared by every inserted user. */
async function unknownPasswordHash() {
  passwordHash ??= require('argon2').hash(randomBytes(16).toString('hex'), { type: require('argon2').argon2id });
  return passwordHash;
}

/**
 * @param {import('pg').Client} client
 * @param {{ email: string, isAdmin?: boolean, firstName?: string, lastName?: string, token?: string }} user
 */
export async function insertUserWithSession(client, { email, isAdmin = false, firstName = 'Camille', lastName = 'Martin', token = randomBytes(32).toString('base64url') }) {
  const { rows } = await client.query(
    `INSERT INTO app_user (email, first_name, last_name, is_admin, password_hash, activated_at, terms_accepted_at)
     VALUES ($1, $2, $3, $4, $5, now(), now()) RETURNING id`,
    [email.toLowerCase(), firstName, lastName, isAdmin, await unknownPasswordHash()],
  );
  await client.query(
    `INSERT INTO auth_session (user_id, token_hash, expires_at, last_used_at) VALUES ($1, $2, now() + interval '30 days', now())`,
    [rows[0].id, hashToken(token)],
  );
  return { id: rows[0].id, email: email.toLowerCase(), token, headers: { useremail: email.toLowerCase(), usertoken: token } };
}
