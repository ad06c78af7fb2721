import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/product/rules.md#R993: the partners whose sites embed a slice of the catalogue, and the
 * sites each one allows.
 */
export class CreatePartners1767800000000 implements MigrationInterface {
  name = 'CreatePartners1767800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE partner (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(120) NOT NULL,
        logo_url varchar(500),
        website varchar(500) NOT NULL,
        contact_email varchar(254) NOT NULL,
        allowed_hosts text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS partner`);
  }
}
