import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One-time links of two more kinds (docs/product/rules.md#R760, docs/product/rules.md#R770): an
 * e-mail change waits for the new mailbox to follow its link, so the link keeps the address it
 * proves (`new_email`); and a one-time login link by e-mail, offered when an account's failed
 * logins pass their ceiling.
 */
export class ProvenEmailChangeAndLoginLinks1767210000000 implements MigrationInterface {
  name = 'ProvenEmailChangeAndLoginLinks1767210000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE one_time_token ADD COLUMN new_email varchar(254)`);
    await q.query(`ALTER TABLE one_time_token DROP CONSTRAINT one_time_token_purpose_check`);
    await q.query(`ALTER TABLE one_time_token ADD CONSTRAINT one_time_token_purpose_check CHECK (purpose IN ('activation', 'reset', 'email-change', 'login'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM one_time_token WHERE purpose IN ('email-change', 'login')`);
    await q.query(`ALTER TABLE one_time_token DROP CONSTRAINT one_time_token_purpose_check`);
    await q.query(`ALTER TABLE one_time_token ADD CONSTRAINT one_time_token_purpose_check CHECK (purpose IN ('activation', 'reset'))`);
    await q.query(`ALTER TABLE one_time_token DROP COLUMN new_email`);
  }
}
