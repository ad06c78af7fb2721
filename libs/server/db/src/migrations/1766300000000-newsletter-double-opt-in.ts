import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Newsletter double opt-in (docs/product/rules.md#R450): a subscriber is `pending` until the
 * confirmation link is followed, then `subscribed`, later perhaps `unsubscribed`; each step is
 * recorded with its date, source, the consent text shown and the IP (`newsletter_event`,
 * docs/product/rules.md#R452). Consented subscribers of the former single opt-in become
 * `subscribed` with a `confirmed` event at their consent date; addresses recorded without
 * consent are no subscription and are deleted.
 *
 * Also the member's data exports built in the background (docs/product/rules.md#R968): one row per
 * file, kept 24 hours; a deleted account's rows lose their user and are purged with their files.
 */
export class NewsletterDoubleOptIn1766300000000 implements MigrationInterface {
  name = 'NewsletterDoubleOptIn1766300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM newsletter_subscriber WHERE NOT consent`);
    await q.query(`ALTER TABLE newsletter_subscriber DROP CONSTRAINT newsletter_subscriber_source_check`);
    await q.query(`ALTER TABLE newsletter_subscriber ADD CONSTRAINT newsletter_subscriber_source_check
      CHECK (source IN ('home', 'popup', 'download', 'profile', 'signup'))`);
    await q.query(`ALTER TABLE newsletter_subscriber
      ADD COLUMN status varchar(12) NOT NULL DEFAULT 'pending',
      ADD COLUMN requested_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN confirmation_sent_at timestamptz,
      ADD COLUMN confirmed_at timestamptz,
      ADD COLUMN unsubscribed_at timestamptz,
      ADD CONSTRAINT newsletter_subscriber_status_check CHECK (status IN ('pending', 'subscribed', 'unsubscribed'))`);
    await q.query(`UPDATE newsletter_subscriber SET status = 'subscribed', confirmed_at = consent_at, requested_at = COALESCE(consent_at, created_at)`);
    await q.query(`CREATE INDEX newsletter_subscriber_pending_idx ON newsletter_subscriber (requested_at) WHERE status = 'pending'`);

    await q.query(`CREATE TABLE newsletter_event (
      id bigserial PRIMARY KEY,
      subscriber_id uuid NOT NULL REFERENCES newsletter_subscriber(id) ON DELETE CASCADE,
      kind varchar(16) NOT NULL CONSTRAINT newsletter_event_kind_check CHECK (kind IN ('requested', 'confirmed', 'unsubscribed')),
      source varchar(20),
      consent_text text,
      ip varchar(45),
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX newsletter_event_subscriber_idx ON newsletter_event (subscriber_id, id)`);
    await q.query(`INSERT INTO newsletter_event (subscriber_id, kind, source, created_at)
      SELECT id, 'confirmed', source, COALESCE(consent_at, created_at) FROM newsletter_subscriber`);
    await q.query(`ALTER TABLE newsletter_subscriber DROP COLUMN consent, DROP COLUMN consent_at`);

    await q.query(`CREATE TABLE data_export (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid REFERENCES app_user(id) ON DELETE SET NULL,
      storage_key varchar(200) NOT NULL,
      size_bytes bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      ready_at timestamptz,
      expires_at timestamptz NOT NULL)`);
    await q.query(`CREATE INDEX data_export_user_idx ON data_export (user_id)`);
    await q.query(`CREATE INDEX data_export_expires_idx ON data_export (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS data_export`);
    await q.query(`DROP TABLE IF EXISTS newsletter_event`);
    await q.query(`ALTER TABLE newsletter_subscriber ADD COLUMN consent boolean NOT NULL DEFAULT false, ADD COLUMN consent_at timestamptz`);
    await q.query(`UPDATE newsletter_subscriber SET consent = (status = 'subscribed'), consent_at = confirmed_at`);
    await q.query(`DELETE FROM newsletter_subscriber WHERE source = 'signup'`);
    await q.query(`DROP INDEX IF EXISTS newsletter_subscriber_pending_idx`);
    await q.query(`ALTER TABLE newsletter_subscriber DROP CONSTRAINT newsletter_subscriber_status_check,
      DROP COLUMN status, DROP COLUMN requested_at, DROP COLUMN confirmation_sent_at, DROP COLUMN confirmed_at, DROP COLUMN unsubscribed_at`);
    await q.query(`ALTER TABLE newsletter_subscriber DROP CONSTRAINT newsletter_subscriber_source_check`);
    await q.query(`ALTER TABLE newsletter_subscriber ADD CONSTRAINT newsletter_subscriber_source_check
      CHECK (source IN ('home', 'popup', 'download', 'profile'))`);
  }
}
