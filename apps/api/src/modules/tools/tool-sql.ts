import { A11Y_COLUMNS, A11Y_JOIN, ALT_COLUMNS, ALT_JOIN } from './tool-accessibility';

/** The columns of a `ToolRow` (tools.repository.ts), and the tables they come from. */
export const TOOL_COLUMNS = `
  t.id, t.slug, t.name, t.description, t.goal, t.people, t.duration, t.difficulty, t.created_at, t.published_at,
  t.is_featured, t.download_count, ty.id AS type_id, ty.name AS type_name, c.id AS category_id, c.name AS category_name,
  t.file_mime, t.file_size, t.file_pages, t.file_updated_at, t.preview_key, t.preview_width, t.preview_height, t.version_number, t.version_note,
  ${A11Y_COLUMNS}, ${ALT_COLUMNS}`;
export const TOOL_FROM = `tool t JOIN tool_type ty ON ty.id = t.type_id JOIN category c ON c.id = t.category_id ${A11Y_JOIN} ${ALT_JOIN}`;
