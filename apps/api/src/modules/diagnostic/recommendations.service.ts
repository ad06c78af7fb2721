import { Injectable } from '@nestjs/common';
import { CatalogueMessages, DiagnosticLimits, ForYouResponse, RelatedToolsResponse } from '@outils/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { NotFoundError } from '../../common/errors/domain-error';
import { DiagnosticService } from './diagnostic.service';
import { RecommendationsRepository, SignalRow } from './recommendations.repository';
import { audienceQuery, jobWords, sectorWords } from './sector-audiences';
import { ToolCards } from './tool-cards';

/**
 * How much each signal weighs in 'Pour vous' (docs/product/rules.md#R985): the diagnostic's
 * priorities first, then what members of the activity area found useful (docs/product/rules.md#R986),
 * the area (its members' choices and the tools written for it), the job, the favourites and the downloads.
 */
export const FOR_YOU_WEIGHTS = { priority: 40, useful: 15, area: 12, job: 10, favourite: 6, download: 5 } as const;

/**
 * Members of the area who answered 'Oui' a tool needs before it is raised and says so
 * (docs/product/rules.md#R986): never fewer, so that no one's answer can be told from the list.
 */
export const FOR_YOU_USEFUL_FROM = 3;

/** At least this many of the list name the member's sector or trade, when tools match them (docs/product/rules.md#R985). */
export const FOR_YOU_PROFILE_QUOTA = 3;

export const ForYouReasons = {
  popular: 'Parmi les plus téléchargés ce mois-ci',
  area: (area: string) => `Parce que vous êtes dans le secteur « ${area} »`,
  job: (job: string) => `Utile pour votre métier : ${job}`,
  favourite: (name: string) => `Dans la lignée de « ${name} », dans vos favoris`,
  download: (name: string) => `Va bien avec « ${name} », que vous avez téléchargé`,
  priorityAndArea: (priority: string, area: string) => `${priority}, et adapté à votre secteur « ${area} »`,
  priorityAndJob: (priority: string, job: string) => `${priority}, et utile pour votre métier : ${job}`,
  useful: (companies: number) => `Utile à ${companies} entreprises de votre secteur`,
  priorityAndUseful: (priority: string, companies: number) => `${priority}, et utile à ${companies} entreprises de votre secteur`,
} as const;

type SignalKind = 'priority' | 'area' | 'job' | 'other';

export interface Candidate {
  score: number;
  /** The strongest signal's reason and kind. */
  reason: string;
  kind: SignalKind;
  best: number;
  /** The strongest of the sector and trade signals, if any. */
  profile?: { kind: 'area' | 'job'; points: number; reason: string; detail: string };
  /** How many members of the area found it useful, from FOR_YOU_USEFUL_FROM (docs/product/rules.md#R986). */
  useful?: number;
}

/**
 * The reason shown: what the area found useful first (docs/product/rules.md#R986), joined to a
 * priority when there is one; else a priority joined with the sector or the trade, else the sector
 * or the trade before taste.
 */
function reasonOf(c: Candidate): string {
  if (c.useful) return c.kind === 'priority' ? ForYouReasons.priorityAndUseful(c.reason, c.useful) : ForYouReasons.useful(c.useful);
  if (!c.profile) return c.reason;
  if (c.kind !== 'priority') return c.profile.reason;
  return c.profile.kind === 'area' ? ForYouReasons.priorityAndArea(c.reason, c.profile.detail) : ForYouReasons.priorityAndJob(c.reason, c.profile.detail);
}

@Injectable()
export class RecommendationsService {
  constructor(
    private readonly repository: RecommendationsRepository,
    private readonly diagnostic: DiagnosticService,
    private readonly cards: ToolCards,
  ) {}

  /**
   * 'Pour vous' (docs/product/rules.md#R985, #R561, #R562): each signal gives its tools points; a
   * tool's rank is the sum; its reason says what members of the area found useful (#R986) or names
   * the member's sector or trade whenever one of them chose it; what the member downloaded or
   * answered 'Non' to or marked 'Pas utile' in their plan is left out (#R988). Guests, and members with nothing to go on, get the
   * month's most downloaded tools.
   */
  async forYou(caller: AuthUser | undefined): Promise<ForYouResponse> {
    if (!caller) return this.popular([], false);
    const [profile, latest, downloaded, notUseful] = await Promise.all([
      this.repository.profile(caller.id),
      this.repository.latestResult(caller.id),
      this.repository.downloadedIds(caller.id),
      this.repository.notUsefulIds(caller.id),
    ]);
    const left = new Set([...downloaded, ...notUseful]);
    const candidates = new Map<number, Candidate>();
    const add = (toolId: number, points: number, reason: string, kind: SignalKind, detail = '') => {
      if (left.has(toolId) || points <= 0) return;
      const c = candidates.get(toolId) ?? { score: 0, reason, kind, best: 0 };
      c.score += points;
      if (points > c.best) Object.assign(c, { best: points, reason, kind });
      if ((kind === 'area' || kind === 'job') && points > (c.profile?.points ?? 0)) c.profile = { kind, points, reason, detail };
      candidates.set(toolId, c);
    };
    const scaled = (rows: SignalRow[], weight: number, reason: (row: SignalRow) => string, kind: SignalKind, detail = '') => {
      const top = Math.max(0, ...rows.map((r) => Number(r.strength)));
      for (const row of rows) add(row.tool_id, top > 0 ? weight * (0.5 + Number(row.strength) / (2 * top)) : weight / 2, reason(row), kind, detail);
    };

    if (latest) {
      const plan = await this.diagnostic.planOf(latest.priority_axis_ids.map(Number), latest.answer_ids.map(Number));
      plan.forEach((p, index) => add(p.toolId, FOR_YOU_WEIGHTS.priority - p.priority * 5 - index * 0.1, p.reason, 'priority'));
    }
    const area = profile?.area_name ?? null;
    const job = profile?.job ?? null;
    const areaQuery = area ? audienceQuery(sectorWords(area)) : null;
    const jobQuery = job ? audienceQuery(jobWords(job)) : null;
    const [useful, peers, written, trade, favourites, downloads] = await Promise.all([
      area ? this.repository.usefulInArea(caller.id, FOR_YOU_USEFUL_FROM) : Promise.resolve([]),
      area ? this.repository.areaSignals(caller.id) : Promise.resolve([]),
      areaQuery ? this.repository.audienceSignals(areaQuery) : Promise.resolve([]),
      jobQuery ? this.repository.audienceSignals(jobQuery) : Promise.resolve([]),
      this.repository.favouriteSignals(caller.id),
      this.repository.downloadSignals(caller.id),
    ]);
    if (area) {
      // What members of the area found useful (#R986): the count is the reason, never who.
      scaled(useful, FOR_YOU_WEIGHTS.useful, () => '', 'other');
      for (const row of useful) {
        const c = candidates.get(row.tool_id);
        if (c) c.useful = Number(row.strength);
      }
      // What members of the area chose, and what is written for it, each up to the area's weight.
      scaled(peers, FOR_YOU_WEIGHTS.area, () => ForYouReasons.area(area), 'area', area);
      scaled(written, FOR_YOU_WEIGHTS.area, () => ForYouReasons.area(area), 'area', area);
    }
    if (job) scaled(trade, FOR_YOU_WEIGHTS.job, () => ForYouReasons.job(job), 'job', job);
    scaled(favourites, FOR_YOU_WEIGHTS.favourite, (r) => ForYouReasons.favourite(r.detail), 'other');
    scaled(downloads, FOR_YOU_WEIGHTS.download, (r) => ForYouReasons.download(r.detail), 'other');

    if (candidates.size === 0) return this.popular([...left], Boolean(latest), caller);
    const ranked = [...candidates.entries()].sort((a, b) => b[1].score - a[1].score || a[0] - b[0]);
    const chosen = withProfileQuota(ranked, DiagnosticLimits.forYouSize);
    const cards = await this.cards.byIds(chosen.map(([id]) => id), caller.id);
    return {
      personalised: true,
      hasDiagnostic: Boolean(latest),
      tools: chosen.flatMap(([id, c]) => {
        const tool = cards.get(id);
        return tool ? [{ tool, reason: reasonOf(c) }] : [];
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

/**
 * The first `size` tools, where at least FOR_YOU_PROFILE_QUOTA name the sector or the trade when
 * that many match them: the last tools chosen by other signals give way to the best of those
 * (a diagnostic's plan would otherwise fill the list alone).
 */
export function withProfileQuota(ranked: Array<[number, Candidate]>, size: number): Array<[number, Candidate]> {
  const top = ranked.slice(0, size);
  const named = (c: Candidate) => Boolean(c.profile || c.useful);
  const missing = FOR_YOU_PROFILE_QUOTA - top.filter(([, c]) => named(c)).length;
  if (missing <= 0) return top;
  const extra = ranked.slice(size).filter(([, c]) => named(c)).slice(0, missing);
  let remove = extra.length;
  for (let i = top.length - 1; i >= 0 && remove > 0; i -= 1) {
    if (!named(top[i][1])) {
      top.splice(i, 1);
      remove -= 1;
    }
  }
  return [...top, ...extra.slice(0, size - top.length)];
}
