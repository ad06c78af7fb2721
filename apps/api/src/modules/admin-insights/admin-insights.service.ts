import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { pipeline } from 'node:stream';
import {
  ExportLinkResponse, InsightsApiRoutes, InsightsLimits, InsightsMessages, LeadsResponse, StatsResponse,
  type ActivityPoint, type ExportKind, type StatsPoint,
} from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { LinkKey, LinkPurposes, LinkSigner, linkNonce } from '@outils/server-signing';
import { addDays, parisDay } from '@outils/server-db';
import type { AuthUser } from '../../common/auth/auth-user';
import { MessageError } from '../../common/errors/domain-error';
import { FileReply } from '../../common/http/file-reply';
import { AdminInsightsRepository } from './admin-insights.repository';
import type { DayActivity, StatsScope } from './admin-insights.repository';
import { csvWriter } from './csv';
import { daysBetween, ExportLinkDto, LeadsQueryDto, StatsQueryDto } from './dto/insights-query.dto';
import { EXPORT_LINK_TTL_MS, ExportGrant, verifyExport } from './export-grant';
import { ExportsRepository } from './exports.repository';
import { PastFiguresCache } from './past-figures-cache';
import { pastFigures, periodOf, rankWithToday, withTodayPoint, type PastFigures, type StatsRange } from './stats-figures';

/** The file name of each export, in French. */
const EXPORT_FILE_NAMES: Record<ExportKind, string> = { leads: 'prospects', downloads: 'telechargements', usefulness: 'utilite-commentaires', searches: 'recherches' };

/** Days of the statistics when none are given: the last 30, today included. */
export const DEFAULT_STATS_DAYS = 30;
/** Ranges × scopes whose past figures each API instance keeps (docs/product/rules.md#R685). */
export const PAST_FIGURES_ENTRIES = 64;

/**
 * The admin's insights: statistics read from the worker's daily figures (docs/product/rules.md#R675),
 * the leads (docs/product/rules.md#R680) and the CSV exports (docs/product/rules.md#R682–R684).
 */
@Injectable()
export class AdminInsightsService {
  private readonly key: LinkKey;
  private readonly pastFigures = new PastFiguresCache<PastFigures>(PAST_FIGURES_ENTRIES);

  constructor(
    private readonly insights: AdminInsightsRepository,
    private readonly exports: ExportsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    signer: LinkSigner,
  ) {
    this.key = signer.key(LinkPurposes.adminExport);
  }

  async stats(query: StatsQueryDto, now = new Date()): Promise<StatsResponse> {
    const today = parisDay(now);
    const to = query.to ?? (query.from && query.from > today ? query.from : today);
    const from = query.from ?? addDays(to, -(DEFAULT_STATS_DAYS - 1));
    if (from > to) throw new MessageError(HttpStatus.BAD_REQUEST, InsightsMessages.rangeReversed);
    if (daysBetween(from, to) + 1 > InsightsLimits.maxRangeDays) {
      throw new MessageError(HttpStatus.BAD_REQUEST, InsightsMessages.rangeTooLong(InsightsLimits.maxRangeDays));
    }
    const granularity = query.granularity ?? 'day';
    const scope: StatsScope = { toolId: query.toolId ?? null, categoryId: query.categoryId ?? null, typeId: query.typeId ?? null };
    const length = daysBetween(from, to) + 1;
    const previousFrom = addDays(from, -length);
    const previousTo = addDays(from, -1);

    const lastPast = to < today ? to : addDays(today, -1);
    const todayCounts = previousFrom <= today && today <= to;
    const todayActivity = from <= today && today <= to;

    // Today live, and the generation of the daily figures (docs/product/rules.md#R676, #R685).
    const [live, versions] = await Promise.all([
      this.insights.live(today, scope, todayCounts, todayActivity),
      scope.toolId === null ? Promise.resolve(null) : this.insights.versionDownloads(scope.toolId, from, to),
    ]);
    const range: StatsRange = { previousFrom, previousTo, from, to, granularity };
    const key = [previousFrom, from, to, lastPast, granularity, scope.toolId, scope.categoryId, scope.typeId].join('|');
    const past = await this.pastFigures.get(live.generation, key, () => this.readPast(range, lastPast, scope));

    let series = past.series as StatsPoint[];
    let previousDownloads = past.previousDownloads;
    if (todayCounts) {
      const downloadsToday = live.tools.reduce((sum, t) => sum + t.downloads, 0);
      const withEmailToday = live.tools.reduce((sum, t) => sum + t.withEmail, 0);
      if (today >= from) {
        series = withTodayPoint(past.series, periodOf(today, granularity), (p) => ({ ...p, downloads: p.downloads + downloadsToday, withEmail: p.withEmail + withEmailToday }));
      } else previousDownloads += downloadsToday;
    }
    const activity = todayActivity
      ? withTodayPoint(past.activity, periodOf(today, granularity), (a) => ({ ...a, signups: a.signups + live.activity.signups, subscriptions: a.subscriptions + live.activity.subscriptions }))
      : (past.activity as ActivityPoint[]);
    const top = todayCounts ? rankWithToday(past, live.tools, today >= from, InsightsLimits.topTools) : past.ranked;
    const downloads = series.reduce((sum, p) => sum + p.downloads, 0);
    const withEmail = series.reduce((sum, p) => sum + p.withEmail, 0);
    return {
      from, to, granularity,
      previous: { from: previousFrom, to: previousTo, downloads: previousDownloads },
      scope: { ...scope, toolName: live.toolName },
      series,
      activity,
      totals: {
        downloads, withEmail, emailShare: downloads > 0 ? withEmail / downloads : null,
        signups: activity.reduce((sum, a) => sum + a.signups, 0),
        subscriptions: activity.reduce((sum, a) => sum + a.subscriptions, 0),
      },
      top: top.map((t) => ({
        toolId: t.id, name: t.name, slug: t.slug, downloads: t.downloads, previousDownloads: t.previous,
        trendPercent: t.previous > 0 ? Math.round(((t.downloads - t.previous) / t.previous) * 1000) / 10 : null,
      })),
      versions,
    };
  }

  /** The daily figures of `previousFrom`..`lastPast` (the days before today), summed for the range. */
  private async readPast(range: StatsRange, lastPast: string, scope: StatsScope): Promise<PastFigures> {
    const none = { days: new Map(), tools: [] };
    const [downloads, activity] = await Promise.all([
      range.previousFrom <= lastPast ? this.insights.pastDownloads(range.previousFrom, lastPast, range.from, scope) : Promise.resolve(none),
      range.from <= lastPast ? this.insights.pastActivity(range.from, lastPast) : Promise.resolve(new Map<string, DayActivity>()),
    ]);
    return pastFigures(downloads, activity, range, InsightsLimits.topTools);
  }

  async leads(query: LeadsQueryDto): Promise<LeadsResponse> {
    const size = InsightsLimits.leadsPerPage;
    const { leads, total } = await this.insights.leads(query.q ?? null, size, (query.page - 1) * size);
    return { leads, total, page: query.page, lastPage: Math.max(1, Math.ceil(total / size)) };
  }

  /**
   * A one-minute link to the file (docs/product/rules.md#R683), bound to the admin's session and
   * good for one export (docs/product/rules.md#R881); the range was checked by the DTO.
   */
  exportLink(dto: ExportLinkDto, admin: AuthUser, now = Date.now()): ExportLinkResponse {
    const grant: ExportGrant = { uid: admin.id, sid: admin.sessionId, kind: dto.kind, from: dto.from, to: dto.to, exp: now + EXPORT_LINK_TTL_MS, nonce: linkNonce(16) };
    return { url: `${this.config.urls.api}${InsightsApiRoutes.exportFile}?token=${encodeURIComponent(this.key.seal(grant))}` };
  }

  /**
   * Opens an export: the link must be genuine and unexpired, its session still alive and still
   * an admin's, and not the session of anyone else when the request names one
   * (docs/product/rules.md#R881); the export is logged — which uses the link up —, then its rows
   * are written as CSV while the client reads them (docs/product/rules.md#R682, #R684).
   */
  async openExport(token: unknown, caller: AuthUser | undefined, now = Date.now()): Promise<FileReply> {
    const grant = verifyExport(token, this.key, now);
    if (!grant || (caller && caller.sessionId !== grant.sid)) throw new MessageError(HttpStatus.FORBIDDEN, InsightsMessages.exportLinkInvalid);
    const admin = await this.exports.adminOfSession(grant.sid, grant.uid);
    if (!admin) throw new MessageError(HttpStatus.FORBIDDEN, InsightsMessages.exportLinkInvalid);
    if (!(await this.exports.logExport({ id: grant.uid, email: admin.email }, grant.kind, grant.from, grant.to, grant.nonce))) {
      throw new MessageError(HttpStatus.GONE, InsightsMessages.exportLinkUsed);
    }
    const rows = await this.exports.stream(grant.kind, grant.from, grant.to);
    const csv = csvWriter(grant.kind);
    pipeline(rows, csv, () => undefined);
    return new FileReply(csv, {
      contentType: 'text/csv; charset=utf-8',
      fileName: `outils-${EXPORT_FILE_NAMES[grant.kind]}-${grant.from}_${grant.to}.csv`,
      caching: 'private',
      // The link is in the address bar: no page the file leads to learns it.
      headers: { 'Referrer-Policy': 'no-referrer' },
    });
  }
}
