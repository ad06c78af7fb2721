import { Injectable } from '@nestjs/common';
import {
  UsefulnessLimits, UsefulnessMessages, type UsefulnessCommentsResponse, type UsefulnessOverviewResponse, type UsefulnessToolRow,
} from '@outils/contracts';
import { NotFoundError } from '../../common/errors/domain-error';
import type { UsefulnessCommentsQueryDto, UsefulnessVisibilityDto } from './dto/usefulness.dto';
import { ToolUsefulnessFigures, UsefulnessAdminRepository } from './usefulness-admin.repository';

const percent = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part * 100) / whole) : null);

export function toRow(f: ToolUsefulnessFigures): UsefulnessToolRow {
  const recent = percent(f.recentUseful, f.recentAnswers);
  const earlier = percent(f.earlierUseful, f.earlierAnswers);
  return {
    toolId: f.toolId, name: f.name, slug: f.slug, downloads: f.downloads,
    answers: f.answers, useful: f.useful, usefulPercent: percent(f.useful, f.answers),
    trendPoints: recent !== null && earlier !== null ? recent - earlier : null,
    excluded: f.excluded, comments: f.comments,
  };
}

/** What the admins see of the answers (docs/product/rules.md#R964–R966). */
@Injectable()
export class UsefulnessAdminService {
  constructor(private readonly admin: UsefulnessAdminRepository) {}

  async overview(): Promise<UsefulnessOverviewResponse> {
    const tools = (await this.admin.figures()).map(toRow);
    const toImprove = tools
      .filter((t) => t.answers >= UsefulnessLimits.shownFrom)
      .sort((a, b) => (a.usefulPercent ?? 0) - (b.usefulPercent ?? 0) || b.answers - a.answers)
      .slice(0, UsefulnessLimits.toImprove);
    return { tools, toImprove };
  }

  async comments(query: UsefulnessCommentsQueryDto): Promise<UsefulnessCommentsResponse> {
    const page = query.page ?? 1;
    const pageSize = UsefulnessLimits.commentsPerPage;
    const { rows, total } = await this.admin.comments(query.toolId, pageSize, (page - 1) * pageSize);
    return { comments: rows, total, page, pageSize };
  }

  async setHidden(body: UsefulnessVisibilityDto): Promise<{ message: string }> {
    if (!(await this.admin.setHidden(body.id, body.hidden))) throw new NotFoundError(UsefulnessMessages.commentNotFound);
    return { message: body.hidden ? UsefulnessMessages.commentHidden : UsefulnessMessages.commentRestored };
  }
}
