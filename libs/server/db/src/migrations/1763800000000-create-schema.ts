import { MigrationInterface, QueryRunner } from 'typeorm';

/** The whole initial schema: accounts, outbox, catalogue, favourites, downloads, newsletter. */
export class CreateSchema1763800000000 implements MigrationInterface {
  name = 'CreateSchema1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    // French stemming with accents folded: "télécharger" and "telecharger" match.
    await q.query(`CREATE TEXT SEARCH CONFIGURATION french_unaccent (COPY = french)`);
    await q.query(`ALTER TEXT SEARCH CONFIGURATION french_unaccent
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem`);

    await q.query(`CREATE TABLE activity_area (
      id serial PRIMARY KEY,
      name varchar(120) NOT NULL UNIQUE,
      position int NOT NULL DEFAULT 0)`);

    await q.query(`CREATE TABLE app_user (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email varchar(254) NOT NULL UNIQUE CHECK (email = lower(email)),
      first_name varchar(100) NOT NULL,
      last_name varchar(100) NOT NULL,
      job varchar(150),
      activity_area_id int REFERENCES activity_area(id) ON DELETE SET NULL,
      newsletter boolean NOT NULL DEFAULT false,
      is_admin boolean NOT NULL DEFAULT false,
      password_hash text NOT NULL,
      activated_at timestamptz,
      terms_accepted_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);

    await q.query(`CREATE TABLE auth_session (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
      token_hash char(64) NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      last_used_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX auth_session_user_idx ON auth_session (user_id)`);
    await q.query(`CREATE INDEX auth_session_expires_idx ON auth_session (expires_at)`);

    await q.query(`CREATE TABLE one_time_token (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
      purpose varchar(20) NOT NULL CHECK (purpose IN ('activation', 'reset')),
      token_hash char(64) NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX one_time_token_user_purpose_idx ON one_time_token (user_id, purpose)`);
    await q.query(`CREATE INDEX one_time_token_expires_idx ON one_time_token (expires_at)`);

    await q.query(`CREATE TABLE outbox_message (
      id bigserial PRIMARY KEY,
      job_name varchar(100) NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      dispatched_at timestamptz,
      sent_at timestamptz,
      attempts int NOT NULL DEFAULT 0,
      last_error text)`);
    await q.query(`CREATE INDEX outbox_message_pending_idx ON outbox_message (created_at) WHERE dispatched_at IS NULL`);

    await q.query(`CREATE TABLE category (
      id serial PRIMARY KEY, name varchar(120) NOT NULL UNIQUE, position int NOT NULL DEFAULT 0)`);
    await q.query(`CREATE TABLE tool_type (
      id serial PRIMARY KEY, name varchar(120) NOT NULL UNIQUE, position int NOT NULL DEFAULT 0)`);

    await q.query(`CREATE TABLE tool (
      id serial PRIMARY KEY,
      slug varchar(160) NOT NULL UNIQUE,
      name varchar(160) NOT NULL,
      description text NOT NULL,
      goal text,
      people text,
      duration numeric(6,2) CHECK (duration IS NULL OR duration >= 0),
      type_id int NOT NULL REFERENCES tool_type(id) ON DELETE RESTRICT,
      category_id int NOT NULL REFERENCES category(id) ON DELETE RESTRICT,
      difficulty varchar(10) CHECK (difficulty IN ('Simple', 'Moyen', 'Complexe')),
      file_key varchar(300) NOT NULL,
      file_name varchar(255) NOT NULL,
      file_mime varchar(120) NOT NULL,
      file_size int NOT NULL,
      is_featured boolean NOT NULL DEFAULT false,
      download_count int NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('public.french_unaccent'::regconfig, coalesce(name, '')), 'A') ||
        setweight(to_tsvector('public.french_unaccent'::regconfig, coalesce(goal, '')), 'B') ||
        setweight(to_tsvector('public.french_unaccent'::regconfig, coalesce(description, '')), 'C')
      ) STORED)`);
    // Listing order is newest first with id as tie-breaker; each filter has its own index.
    await q.query(`CREATE INDEX tool_recent_idx ON tool (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX tool_category_recent_idx ON tool (category_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX tool_type_recent_idx ON tool (type_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX tool_difficulty_recent_idx ON tool (difficulty, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX tool_popular_idx ON tool (download_count DESC, id DESC)`);
    await q.query(`CREATE INDEX tool_featured_idx ON tool (created_at DESC) WHERE is_featured`);
    await q.query(`CREATE INDEX tool_search_idx ON tool USING gin (search_vector)`);

    await q.query(`CREATE TABLE tool_image (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tool_id int NOT NULL REFERENCES tool(id) ON DELETE CASCADE,
      storage_key varchar(300) NOT NULL,
      mime varchar(60) NOT NULL,
      size int NOT NULL,
      position int NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX tool_image_tool_position_idx ON tool_image (tool_id, position)`);

    await q.query(`CREATE TABLE tool_slug_history (
      slug varchar(160) PRIMARY KEY,
      tool_id int NOT NULL REFERENCES tool(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX tool_slug_history_tool_idx ON tool_slug_history (tool_id)`);

    await q.query(`CREATE TABLE favorite (
      user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
      tool_id int NOT NULL REFERENCES tool(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, tool_id))`);
    await q.query(`CREATE INDEX favorite_tool_idx ON favorite (tool_id)`);

    await q.query(`CREATE TABLE download_log (
      id bigserial PRIMARY KEY,
      tool_id int NOT NULL REFERENCES tool(id) ON DELETE CASCADE,
      user_id uuid REFERENCES app_user(id) ON DELETE SET NULL,
      email varchar(254),
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX download_log_tool_idx ON download_log (tool_id)`);
    await q.query(`CREATE INDEX download_log_user_idx ON download_log (user_id)`);
    await q.query(`CREATE INDEX download_log_created_idx ON download_log (created_at)`);

    await q.query(`CREATE TABLE newsletter_subscriber (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email varchar(254) NOT NULL UNIQUE CHECK (email = lower(email)),
      consent boolean NOT NULL DEFAULT false,
      consent_at timestamptz,
      source varchar(20) NOT NULL CHECK (source IN ('home', 'popup', 'download', 'profile')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      synced_at timestamptz)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'newsletter_subscriber', 'download_log', 'favorite', 'tool_slug_history', 'tool_image', 'tool',
      'tool_type', 'category', 'outbox_message', 'one_time_token', 'auth_session', 'app_user', 'activity_area',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await q.query(`DROP TEXT SEARCH CONFIGURATION IF EXISTS french_unaccent`);
  }
}
