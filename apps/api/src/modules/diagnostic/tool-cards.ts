import { Inject, Injectable } from '@nestjs/common';
import type { Tool } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { toTool } from '../tools/tool.mapper';
import { ToolsRepository } from '../tools/tools.repository';

/** Tools as the cards show them, in the order of `ids` (ids of deleted tools are left out). */
@Injectable()
export class ToolCards {
  constructor(private readonly tools: ToolsRepository, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async byIds(ids: number[], userId?: string): Promise<Map<number, Tool>> {
    const unique = [...new Set(ids)];
    const [rows, images, favourites] = await Promise.all([
      this.tools.findByIds(unique),
      this.tools.imagesOf(unique),
      userId ? this.tools.favoriteIds(userId, unique) : Promise.resolve(new Set<number>()),
    ]);
    const byId = new Map<number, Tool>();
    for (const row of rows) {
      byId.set(row.id, toTool(row, { apiUrl: this.config.urls.api, images: images.filter((i) => i.tool_id === row.id), isFavorite: favourites.has(row.id) }));
    }
    return byId;
  }
}
