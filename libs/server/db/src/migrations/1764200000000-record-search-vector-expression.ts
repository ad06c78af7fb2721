import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * TypeORM reads the expression of a generated column from its `typeorm_metadata` table (PostgreSQL
 * formats `pg_attrdef` differently). `tool.search_vector` was created by hand in 1763800000000;
 * recording its expression here lets TypeORM compare the entities with the migrated schema
 * (migrations.spec.ts) instead of proposing to rebuild the column. No table or data changes.
 */
export class RecordSearchVectorExpression1764200000000 implements MigrationInterface {
  name = 'RecordSearchVectorExpression1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE IF NOT EXISTS typeorm_metadata ("type" varchar NOT NULL, "database" varchar, "schema" varchar, "table" varchar, "name" varchar, "value" text)`,
    );
    await q.query(
      `INSERT INTO typeorm_metadata ("type", "database", "schema", "table", "name", "value")
       VALUES ('GENERATED_COLUMN', current_database(), 'public', 'tool', 'search_vector', $1)`,
      [
        "setweight(to_tsvector('public.french_unaccent'::regconfig, coalesce(name, '')), 'A') || " +
          "setweight(to_tsvector('public.french_unaccent'::regconfig, coalesce(goal, '')), 'B') || " +
          "setweight(to_tsvector('public.french_unaccent'::regconfig, coalesce(description, '')), 'C')",
      ],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM typeorm_metadata WHERE "type" = 'GENERATED_COLUMN' AND "table" = 'tool' AND "name" = 'search_vector'`);
  }
}
