import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every API instance keeps the published catalogue in memory (docs/catalogue.md, "Read model";
 * docs/product/rules.md#R300). These triggers tell every instance what changed, through
 * `NOTIFY catalogue_changed`, sent at commit time only (a rolled-back write says nothing), by
 * whatever wrote: the API, the seed, a SQL console.
 *
 * Payloads: `t:<id>,<id>…` tools to reload (their row or images changed, or they were deleted),
 * `f:<user id>,…` whose favourites changed, `*` reload everything (taxonomy changed, or more than
 * 200 rows in one statement). A `download_count` update (every download) says nothing: no public
 * answer shows it, and the popular order is read from the database.
 */
export class NotifyCatalogueChanges1766000000000 implements MigrationInterface {
  name = 'NotifyCatalogueChanges1766000000000';

  async up(q: QueryRunner): Promise<void> {
    // One statement's changed ids in one notification (payloads are limited to 8 000 bytes).
    await q.query(`CREATE FUNCTION catalogue_notify_ids(kind text, ids text[]) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
        IF cardinality(ids) > 200 THEN PERFORM pg_notify('catalogue_changed', '*');
        ELSE PERFORM pg_notify('catalogue_changed', kind || ':' || array_to_string(ids, ','));
        END IF;
      END $$`);
    await q.query(`CREATE FUNCTION catalogue_tool_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM catalogue_notify_ids('t', ARRAY(SELECT DISTINCT id::text FROM old_rows));
        ELSE
          PERFORM catalogue_notify_ids('t', ARRAY(SELECT DISTINCT id::text FROM new_rows));
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE FUNCTION catalogue_tool_row_updated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('catalogue_changed', 't:' || NEW.id::text);
        RETURN NULL;
      END $$`);
    await q.query(`CREATE FUNCTION catalogue_image_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM catalogue_notify_ids('t', ARRAY(SELECT DISTINCT tool_id::text FROM new_rows));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM catalogue_notify_ids('t', ARRAY(SELECT DISTINCT tool_id::text FROM old_rows));
        ELSE
          PERFORM catalogue_notify_ids('t', ARRAY(SELECT tool_id::text FROM new_rows UNION SELECT tool_id::text FROM old_rows));
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE FUNCTION catalogue_favorite_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM catalogue_notify_ids('f', ARRAY(SELECT DISTINCT user_id::text FROM old_rows));
        ELSE
          PERFORM catalogue_notify_ids('f', ARRAY(SELECT DISTINCT user_id::text FROM new_rows));
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE FUNCTION catalogue_taxonomy_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('catalogue_changed', '*');
        RETURN NULL;
      END $$`);

    await q.query(`CREATE TRIGGER tool_inserted_notify AFTER INSERT ON tool REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_tool_rows_changed()`);
    await q.query(`CREATE TRIGGER tool_deleted_notify AFTER DELETE ON tool REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_tool_rows_changed()`);
    // Only a change of what a public answer shows; download_count and file columns say nothing.
    await q.query(`CREATE TRIGGER tool_updated_notify AFTER UPDATE ON tool FOR EACH ROW
      WHEN ((OLD.slug, OLD.name, OLD.description, OLD.goal, OLD.people, OLD.duration, OLD.type_id, OLD.category_id,
             OLD.difficulty, OLD.is_featured, OLD.created_at)
            IS DISTINCT FROM (NEW.slug, NEW.name, NEW.description, NEW.goal, NEW.people, NEW.duration, NEW.type_id,
             NEW.category_id, NEW.difficulty, NEW.is_featured, NEW.created_at))
      EXECUTE FUNCTION catalogue_tool_row_updated()`);
    await q.query(`CREATE TRIGGER tool_image_inserted_notify AFTER INSERT ON tool_image REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_image_rows_changed()`);
    await q.query(`CREATE TRIGGER tool_image_updated_notify AFTER UPDATE ON tool_image REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_image_rows_changed()`);
    await q.query(`CREATE TRIGGER tool_image_deleted_notify AFTER DELETE ON tool_image REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_image_rows_changed()`);
    await q.query(`CREATE TRIGGER favorite_inserted_notify AFTER INSERT ON favorite REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_favorite_rows_changed()`);
    await q.query(`CREATE TRIGGER favorite_deleted_notify AFTER DELETE ON favorite REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_favorite_rows_changed()`);
    for (const table of ['category', 'tool_type']) {
      await q.query(`CREATE TRIGGER ${table}_changed_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION catalogue_taxonomy_changed()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [trigger, table] of [
      ['tool_inserted_notify', 'tool'], ['tool_deleted_notify', 'tool'], ['tool_updated_notify', 'tool'],
      ['tool_image_inserted_notify', 'tool_image'], ['tool_image_updated_notify', 'tool_image'], ['tool_image_deleted_notify', 'tool_image'],
      ['favorite_inserted_notify', 'favorite'], ['favorite_deleted_notify', 'favorite'],
      ['category_changed_notify', 'category'], ['tool_type_changed_notify', 'tool_type'],
    ]) {
      await q.query(`DROP TRIGGER IF EXISTS ${trigger} ON ${table}`);
    }
    for (const fn of ['catalogue_taxonomy_changed', 'catalogue_favorite_rows_changed', 'catalogue_image_rows_changed',
      'catalogue_tool_row_updated', 'catalogue_tool_rows_changed']) {
      await q.query(`DROP FUNCTION IF EXISTS ${fn}()`);
    }
    await q.query(`DROP FUNCTION IF EXISTS catalogue_notify_ids(text, text[])`);
  }
}
