import { ApiRoutes, Tool } from '@outils/contracts';
import type { ImageRef, ToolRow } from './tools.repository';

export interface ToolMappingContext {
  /** Absolute API origin, for image URLs (absolute URLs, docs/product/rules.md#R96). */
  apiUrl: string;
  images: ImageRef[];
  isFavorite: boolean;
  /** Admin listing only. */
  withDownloadCount?: boolean;
}

/** The Tool shape of docs/product/rules.md#R84, built from a row; nothing else leaks (no file keys). */
export function toTool(row: ToolRow, ctx: ToolMappingContext): Tool {
  const tool: Tool = {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    goal: row.goal,
    people: row.people,
    duration: row.duration === null ? null : Number(row.duration),
    type: { id: row.type_id, name: row.type_name },
    category: { id: row.category_id, name: row.category_name },
    difficulty: row.difficulty,
    createdAt: new Date(row.created_at).toISOString(),
    isFavorite: ctx.isFavorite,
    images: ctx.images.map((image) => ({ id: image.id, src: `${ctx.apiUrl}${ApiRoutes.toolImage(image.id)}` })),
    isFeatured: row.is_featured,
  };
  if (ctx.withDownloadCount) tool.downloadCount = row.download_count;
  return tool;
}
