import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each API instance keeps the sessions it checked for 30 seconds (docs/product/rules.md#R839).
 * These triggers tell every instance which to forget, through `NOTIFY session_changed`, sent at
 * commit time only, by whatever wrote (the API, the CLI, the worker's purge, a SQL console).
 *
 * Payloads: `s:<session id>,…` sessions ended (logout, password change or reset, account deleted,
 * revoked, purged), `u:<user id>` a member whose e-mail address, role or activation changed or who
 * is gone, `*` forget everything (more than 100 sessions in one statement).
 */
export class NotifySessionChanges1767900000000 implements MigrationInterface {
  name = 'NotifySessionChanges1767900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE FUNCTION session_rows_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE ids text[] := ARRAY(SELECT id::text FROM old_rows);
      BEGIN
        IF cardinality(ids) = 0 THEN RETURN NULL; END IF;
        IF cardinality(ids) > 100 THEN PERFORM pg_notify('session_changed', '*');
        ELSE PERFORM pg_notify('session_changed', 's:' || array_to_string(ids, ','));
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE FUNCTION session_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('session_changed', 'u:' || OLD.id::text);
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER auth_session_deleted_notify AFTER DELETE ON auth_session REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION session_rows_deleted()`);
    // What a checked session carries besides its id: the member's address, role and activation.
    await q.query(`CREATE TRIGGER app_user_session_fields_notify AFTER UPDATE ON app_user FOR EACH ROW
      WHEN ((OLD.email, OLD.is_admin, OLD.activated_at) IS DISTINCT FROM (NEW.email, NEW.is_admin, NEW.activated_at))
      EXECUTE FUNCTION session_user_changed()`);
    await q.query(`CREATE TRIGGER app_user_deleted_session_notify AFTER DELETE ON app_user FOR EACH ROW
      EXECUTE FUNCTION session_user_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS app_user_deleted_session_notify ON app_user`);
    await q.query(`DROP TRIGGER IF EXISTS app_user_session_fields_notify ON app_user`);
    await q.query(`DROP TRIGGER IF EXISTS auth_session_deleted_notify ON auth_session`);
    await q.query(`DROP FUNCTION IF EXISTS session_user_changed()`);
    await q.query(`DROP FUNCTION IF EXISTS session_rows_deleted()`);
  }
}
