import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/product/rules.md#R960–R969: "Cet outil vous a-t-il aidé ?". One answer per member per tool
 * (user_id) or per browser (visitor_key, a hash of the browser's random key); answers of robots and
 * of people with no prior download are kept but not counted (excluded_reason).
 */
export class ToolUsefulness1767700000000 implements MigrationInterface {
  name = 'ToolUsefulness1767700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE tool_usefulness (
        id bigserial PRIMARY KEY,
        tool_id int NOT NULL,
        user_id uuid,
        visitor_key varchar(64),
        useful boolean NOT NULL,
        comment varchar(500),
        comment_hidden boolean NOT NULL DEFAULT false,
        counted boolean NOT NULL,
        excluded_reason varchar(12),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT tool_usefulness_tool_id_fkey FOREIGN KEY (tool_id) REFERENCES tool(id) ON DELETE CASCADE,
        CONSTRAINT tool_usefulness_user_id_fkey FOREIGN KEY (user_id) REFERENCES app_user(id) ON DELETE CASCADE,
        CONSTRAINT tool_usefulness_who_check CHECK ((user_id IS NULL) <> (visitor_key IS NULL)),
        CONSTRAINT tool_usefulness_excluded_reason_check CHECK ((counted AND excluded_reason IS NULL) OR (NOT counted AND excluded_reason IN ('bot', 'no-download')))
      )`);
    await q.query(`CREATE UNIQUE INDEX tool_usefulness_member_idx ON tool_usefulness (tool_id, user_id) WHERE user_id IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX tool_usefulness_visitor_idx ON tool_usefulness (tool_id, visitor_key) WHERE visitor_key IS NOT NULL`);
    await q.query(`CREATE INDEX tool_usefulness_updated_idx ON tool_usefulness (updated_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS tool_usefulness`);
  }
}
