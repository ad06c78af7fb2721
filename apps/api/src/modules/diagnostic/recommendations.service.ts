import { Injectable } from '@nestjs/common';
import { CatalogueMessages, DiagnosticLimits, ForYouResponse, RelatedToolsResponse } from '@outils/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { NotFoundError } from '../../common/errors/domain-error';
import { DiagnosticService } from './diagnostic.service';
import { RecommendationsRepository, SignalRow } from './recommendations.repository';
import { ToolCards } from './tool-cards';

/**
 * How much each signal weighs in 'Pour vous' (docs/product/rules.md#R560): the diagnostic's
 * priorities first, then the activity area, the job, the favourites and the downloads.
 */
export const FOR_YOU_WEIGHTS = { priority: 40, area: 12, job: 10, favourite: 6, download: 5 } as const;

export const ForYouReasons = {
  popular: 'Parmi les plus téléchargés ce mois-ci',
  area: (area: string) => `Parce que vous êtes dans le secteur « ${area} »`,
  job: (job: string) => `Utile pour votre métier : ${job}`,
  favourite: (name: string) => `Dans la lignée de « ${name} », dans vos favoris`,
  download: (name: string) => `Va bien avec « ${name} », que vous avez téléchargé`,
} as const;

interface Candidate { score: number; reason: string; best: number }

@Injectable()
export class RecommendationsService {
  constructor(
    private readonly repository: RecommendationsRepository,
    private readonly diagnostic: DiagnosticService,
    private readonly cards: ToolCards,
  ) {}

  /**
   * 'Pour vous' (docs/product/rules.md#R560–R562): each signal gives its tools points; a tool's
   * rank is the sum, its reason the strongest signal's; what the member downloaded is left out.
   * Guests, and members with nothing to go on, get the month's most downloaded tools.
   */
  async forYou(caller: AuthUser | undefined): Promise<ForYouResponse> {
    if (!caller) return this.popular([], false);
    const [profile, latest, downloaded] = await Promise.all([
      this.repository.profile(caller.id),
      this.repository.latestResult(caller.id),
      this.repository.downloadedIds(caller.id),
    ]);
    const candidates = new Map<number, Candidate>();
    const add = (toolId: number, points: number, reason: string) => {
      if (downloaded.has(toolId) || points <= 0) return;
      const c = candidates.get(toolId) ?? { score: 0, reason, best: 0 };
      c.score += points;
      if (points > c.best) { c.best = points; c.reason = reason; }
      candidates.set(toolId, c);
    };
    const scaled = (rows: SignalRow[], weight: number, reason: (row: SignalRow) => string) => {
      const top = Math.max(0, ...rows.map((r) => Number(r.strength)));
      for (const row of rows) add(row.tool_id, top > 0 ? weight * (0.5 + Number(row.strength) / (2 * top)) : weight / 2, reason(row));
    };

    if (latest) {
      const plan = await this.diagnostic.planOf(latest.priority_axis_ids.map(Number), latest.answer_ids.map(Number));
      plan.forEach((p, index) => add(p.toolId, FOR_YOU_WEIGHTS.priority - p.priority * 5 - index * 0.1, p.reason));
    }
    const [area, job, favourites, downloads] = await Promise.all([
      profile?.area_name ? this.repository.areaSignals(caller.id) : Promise.resolve([]),
      profile?.job ? this.repository.jobSignals(profile.job) : Promise.resolve([]),
      this.repository.favouriteSignals(caller.id),
      this.repository.downloadSignals(caller.id),
    ]);
    if (profile?.area_name) scaled(area, FOR_YOU_WEIGHTS.area, () => ForYouReasons.area(profile.area_name as string));
    if (profile?.job) scaled(job, FOR_YOU_WEIGHTS.job, () => ForYouReasons.job(profile.job as string));
    scaled(favourites, FOR_YOU_WEIGHTS.favourite, (r) => ForYouReasons.favourite(r.detail));
    scaled(downloads, FOR_YOU_WEIGHTS.download, (r) => ForYouReasons.download(r.detail));

    if (candidates.size === 0) return this.popular([...downloaded], Boolean(latest), caller);
    const ranked = [...candidates.entries()].sort((a, b) => b[1].score - a[1].score || a[0] - b[0]).slice(0, DiagnosticLimits.forYouSize);
    const cards = await this.cards.byIds(ranked.map(([id]) => id), caller.id);
    return {
      personalised: true,
      hasDiagnostic: Boolean(latest),
      tools: ranked.flatMap(([id, c]) => {
        const tool = cards.get(id);
        return tool ? [{ tool, reason: c.reason }] : [];
      }),
    };
  }

  /** "Ces outils vont bien ensemble" (docs/product/rules.md#R565), as the worker last computed them. */
  async related(toolIdText: string, caller: AuthUser | undefined): Promise<RelatedToolsResponse> {
    const toolId = /^\d{1,9}$/.test(toolIdText) ? Number(toolIdText) : 0;
    if (toolId < 1) throw new NotFoundError(CatalogueMessages.toolNotFound);
    const rows = await this.repository.related(toolId, DiagnosticLimits.relatedSize);
    const cards = await this.cards.byIds(rows.map((r) => r.related_tool_id), caller?.id);
    return { tools: rows.flatMap((r) => { const tool = cards.get(r.related_tool_id); return tool ? [{ tool, reason: r.reason }] : []; }) };
  }

  private async popular(exclude: number[], hasDiagnostic: boolean, caller?: AuthUser): Promise<ForYouResponse> {
    const ids = await this.repository.popularOfMonth(DiagnosticLimits.forYouSize, exclude);
    const cards = await this.cards.byIds(ids, caller?.id);
    return {
      personalised: false,
      hasDiagnostic,
      tools: ids.flatMap((id) => { const tool = cards.get(id); return tool ? [{ tool, reason: ForYouReasons.popular }] : []; }),
    };
  }
}
