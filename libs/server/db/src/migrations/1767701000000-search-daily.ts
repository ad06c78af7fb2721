import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/product/rules.md#R970–R975: what visitors look for. One row per Europe/Paris day and folded
 * search text: how many searches, how many found nothing, the last result count, how many led to
 * an opened result. Nothing names who searched.
 */
export class SearchDaily1767701000000 implements MigrationInterface {
  name = 'SearchDaily1767701000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE search_daily (
        day date NOT NULL,
        text varchar(100) NOT NULL,
        searches int NOT NULL DEFAULT 0,
        without_results int NOT NULL DEFAULT 0,
        last_results int NOT NULL DEFAULT 0,
        opened int NOT NULL DEFAULT 0,
        CONSTRAINT search_daily_pkey PRIMARY KEY (day, text)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS search_daily`);
  }
}
