import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A deleted account's newsletter address leaves the admin's contacts (docs/product/rules.md#R742):
 * its registration not yet confirmed is deleted, a confirmed one is ended, and what must be kept
 * as proof of consent is marked here and read by no admin view until housekeeping erases it
 * (docs/product/rules.md#R458). A later registration of the same address clears the mark.
 */
export class NewsletterProofOfDeletedAccounts1767100000000 implements MigrationInterface {
  name = 'NewsletterProofOfDeletedAccounts1767100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE newsletter_subscriber ADD COLUMN account_deleted_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE newsletter_subscriber DROP COLUMN account_deleted_at`);
  }
}
