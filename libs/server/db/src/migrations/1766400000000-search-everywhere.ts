import { MigrationInterface, QueryRunner } from 'typeorm';

const GENERATED_EXPRESSION =
  "setweight(to_tsvector('public.french_unaccent'::regconfig, coalesce(name, '')), 'A') || " +
  "setweight(to_tsvector('public.french_unaccent'::regconfig, coalesce(goal, '')), 'B') || " +
  "setweight(to_tsvector('public.french_unaccent'::regconfig, coalesce(description, '')), 'C')";

/**
 * The listing's search (docs/catalogue.md, "Search"; docs/product/rules.md#R600–R604):
 *
 * - `tool.search_vector` becomes a column kept by a trigger (it was a generated column, which
 *   cannot read other tables): name (A), topic, type and goal (B), audience 'Pour qui ?' (C),
 *   description (D), each both stemmed (`french_unaccent`) and as written (`simple_unaccent`, so
 *   that a word's beginning `securi:*` matches even where the stem is shorter). A rename of a
 *   category or a type recomputes its tools.
 * - `search_word`: every word (accents folded, lower case, 3–60 letters) ever written in a tool,
 *   a category or a type, with a trigram index: the dictionary that corrects one typo and gives
 *   the closest suggestions. Words are added, never removed (a word no tool holds any more only
 *   widens a corrected query to nothing).
 * - `tool_duration_idx` for the 'Durée la plus courte' order (tools without a duration last).
 */
export class SearchEverywhere1766400000000 implements MigrationInterface {
  name = 'SearchEverywhere1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE TEXT SEARCH CONFIGURATION simple_unaccent (COPY = simple)`);
    await q.query(`ALTER TEXT SEARCH CONFIGURATION simple_unaccent
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple`);

    await q.query(`CREATE FUNCTION tool_search_part(body text, weight "char") RETURNS tsvector LANGUAGE sql STABLE AS $$
      SELECT setweight(to_tsvector('public.french_unaccent'::regconfig, coalesce(body, ''))
                       || to_tsvector('public.simple_unaccent'::regconfig, coalesce(body, '')), weight) $$`);
    await q.query(`CREATE FUNCTION tool_search_vector_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.search_vector :=
          tool_search_part(NEW.name, 'A')
          || tool_search_part(concat_ws(' ', (SELECT name FROM category WHERE id = NEW.category_id),
                                              (SELECT name FROM tool_type WHERE id = NEW.type_id), NEW.goal), 'B')
          || tool_search_part(NEW.people, 'C')
          || tool_search_part(NEW.description, 'D');
        RETURN NEW;
      END $$`);

    await q.query(`ALTER TABLE tool DROP COLUMN search_vector`);
    await q.query(`DELETE FROM typeorm_metadata WHERE "type" = 'GENERATED_COLUMN' AND "table" = 'tool' AND "name" = 'search_vector'`);
    await q.query(`ALTER TABLE tool ADD COLUMN search_vector tsvector`);
    await q.query(`CREATE TRIGGER tool_search_vector_refresh BEFORE INSERT OR UPDATE OF name, goal, people, description, category_id, type_id
      ON tool FOR EACH ROW EXECUTE FUNCTION tool_search_vector_refresh()`);
    // Renaming a topic or a type: `SET category_id = category_id` names the column, which fires the trigger above.
    await q.query(`CREATE FUNCTION category_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE tool SET category_id = category_id WHERE category_id = NEW.id; RETURN NULL; END $$`);
    await q.query(`CREATE FUNCTION tool_type_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE tool SET type_id = type_id WHERE type_id = NEW.id; RETURN NULL; END $$`);
    await q.query(`CREATE TRIGGER category_search_refresh AFTER UPDATE OF name ON category FOR EACH ROW
      WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION category_search_refresh()`);
    await q.query(`CREATE TRIGGER tool_type_search_refresh AFTER UPDATE OF name ON tool_type FOR EACH ROW
      WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION tool_type_search_refresh()`);
    await q.query(`UPDATE tool SET name = name`);
    await q.query(`CREATE INDEX tool_search_idx ON tool USING gin (search_vector)`);

    // The dictionary of words, for typos and the closest suggestions.
    await q.query(`CREATE TABLE search_word (word varchar(60) COLLATE "C" PRIMARY KEY)`);
    await q.query(`CREATE INDEX search_word_trgm_idx ON search_word USING gin (word gin_trgm_ops)`);
    await q.query(`CREATE FUNCTION search_words_of(body text) RETURNS SETOF text LANGUAGE sql STABLE AS $$
      SELECT DISTINCT w FROM regexp_split_to_table(lower(public.unaccent(coalesce(body, ''))), '[^a-z0-9]+') AS w
       WHERE length(w) BETWEEN 3 AND 60 $$`);
    await q.query(`CREATE FUNCTION search_words_of_new_tools() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_word (word)
          SELECT DISTINCT w FROM new_rows, search_words_of(concat_ws(' ', new_rows.name, new_rows.goal, new_rows.people, new_rows.description)) AS w
          ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE FUNCTION search_words_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'tool' THEN
          INSERT INTO search_word (word) SELECT w FROM search_words_of(concat_ws(' ', NEW.name, NEW.goal, NEW.people, NEW.description)) AS w
            ON CONFLICT DO NOTHING;
        ELSE
          INSERT INTO search_word (word) SELECT w FROM search_words_of(NEW.name) AS w ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER tool_search_words_inserted AFTER INSERT ON tool REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION search_words_of_new_tools()`);
    await q.query(`CREATE TRIGGER tool_search_words_updated AFTER UPDATE OF name, goal, people, description ON tool FOR EACH ROW
      WHEN ((OLD.name, OLD.goal, OLD.people, OLD.description) IS DISTINCT FROM (NEW.name, NEW.goal, NEW.people, NEW.description))
      EXECUTE FUNCTION search_words_of_row()`);
    for (const table of ['category', 'tool_type']) {
      await q.query(`CREATE TRIGGER ${table}_search_words AFTER INSERT OR UPDATE OF name ON ${table} FOR EACH ROW
        EXECUTE FUNCTION search_words_of_row()`);
    }
    await q.query(`INSERT INTO search_word (word)
      SELECT w FROM tool, search_words_of(concat_ws(' ', name, goal, people, description)) AS w
      UNION SELECT w FROM category, search_words_of(name) AS w
      UNION SELECT w FROM tool_type, search_words_of(name) AS w
      ON CONFLICT DO NOTHING`);

    await q.query(`CREATE INDEX tool_duration_idx ON tool (duration ASC NULLS LAST, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS tool_duration_idx`);
    for (const [trigger, table] of [
      ['tool_search_words_inserted', 'tool'], ['tool_search_words_updated', 'tool'], ['category_search_words', 'category'],
      ['tool_type_search_words', 'tool_type'], ['category_search_refresh', 'category'], ['tool_type_search_refresh', 'tool_type'],
      ['tool_search_vector_refresh', 'tool'],
    ]) {
      await q.query(`DROP TRIGGER IF EXISTS ${trigger} ON ${table}`);
    }
    await q.query(`DROP TABLE IF EXISTS search_word`);
    for (const fn of ['search_words_of_row()', 'search_words_of_new_tools()', 'search_words_of(text)', 'category_search_refresh()',
      'tool_type_search_refresh()', 'tool_search_vector_refresh()']) {
      await q.query(`DROP FUNCTION IF EXISTS ${fn}`);
    }
    await q.query(`ALTER TABLE tool DROP COLUMN search_vector`);
    await q.query(`DROP FUNCTION IF EXISTS tool_search_part(text, "char")`);
    await q.query(`ALTER TABLE tool ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${GENERATED_EXPRESSION}) STORED`);
    await q.query(`INSERT INTO typeorm_metadata ("type", "database", "schema", "table", "name", "value")
      VALUES ('GENERATED_COLUMN', current_database(), 'public', 'tool', 'search_vector', $1)`, [GENERATED_EXPRESSION]);
    await q.query(`CREATE INDEX tool_search_idx ON tool USING gin (search_vector)`);
    await q.query(`DROP TEXT SEARCH CONFIGURATION IF EXISTS simple_unaccent`);
  }
}
