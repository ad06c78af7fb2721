import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/product/rules.md#R103: "one per signed link, however often it is fetched". Each counted download
 * records which signed link it came from (a hash of the link's signature, not the link), and a
 * link is counted once: later fetches of the same link are served but not counted again.
 */
export class AddDownloadLinkId1764100000000 implements MigrationInterface {
  name = 'AddDownloadLinkId1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE download_log ADD COLUMN link_id varchar(64)`);
    await q.query(`CREATE UNIQUE INDEX download_log_link_idx ON download_log (link_id) WHERE link_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS download_log_link_idx`);
    await q.query(`ALTER TABLE download_log DROP COLUMN IF EXISTS link_id`);
  }
}
