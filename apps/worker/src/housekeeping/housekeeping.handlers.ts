import { Inject, Injectable, Logger } from '@nestjs/common';
import { NewsletterDelays, PARTNER_EVENTS_KEPT_MONTHS, PlanLimits, SearchLimits } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import type { JobName } from '@outils/server-jobs';
import { WorkerMetricsService } from '../metrics/worker-metrics.service';
import { DailyStatsRepository, RelatedToolsRepository } from '@outils/server-db';
import { StoragePort } from '@outils/server-storage';
import { DataExportsRepository } from '../my-data/data-export.repository';
import { HousekeepingRepository } from './housekeeping.repository';
import { UpdateDigestService } from '../update-alerts/update-digest.service';
import { PartnerReportService } from '../partner-reports/partner-report.service';
import { PlanRemindersRepository } from '../plan-follow-up/plan-reminders.repository';
import { PlanRemindersService } from '../plan-follow-up/plan-reminders.service';

type HousekeepingJobName = Extract<
  JobName,
  'purge-expired-tokens' | 'purge-unactivated-accounts' | 'anonymise-old-download-logs' | 'report-stale-outbox' | 'compute-related-tools' | 'purge-personal-data' | 'aggregate-daily-stats'
    | 'send-update-digests' | 'send-partner-reports' | 'send-plan-reminders'
>;

/** Outbox rows not sent after this long are reported (issue 9). */
export const STALE_OUTBOX_SECONDS = 5 * 60;

/** The job names this module handles; the job-handlers test checks that every job has one. */
export const HOUSEKEEPING_JOB_NAMES: HousekeepingJobName[] = [
  'purge-expired-tokens', 'purge-unactivated-accounts', 'anonymise-old-download-logs', 'report-stale-outbox', 'compute-related-tools', 'purge-personal-data', 'aggregate-daily-stats',
  'send-update-digests', 'send-partner-reports', 'send-plan-reminders',
];

/**
 * Scheduled maintenance. Each handler is idempotent and safe to run on several worker
 * replicas at once (plain set-based SQL), which the scheduler does not have to prevent.
 */
@Injectable()
export class HousekeepingHandlers {
  private readonly logger = new Logger(HousekeepingHandlers.name);

  constructor(
    private readonly repository: HousekeepingRepository,
    private readonly metrics: WorkerMetricsService,
    private readonly related: RelatedToolsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly exports: DataExportsRepository,
    private readonly storage: StoragePort,
    private readonly dailyStats: DailyStatsRepository,
    private readonly digests: UpdateDigestService,
    private readonly partnerReports: PartnerReportService,
    private readonly planReminders: PlanRemindersService,
    private readonly plans: PlanRemindersRepository,
  ) {}

  handles(name: string): name is HousekeepingJobName {
    return (HOUSEKEEPING_JOB_NAMES as string[]).includes(name);
  }

  handle(name: HousekeepingJobName): Promise<Record<string, number>> {
    switch (name) {
      case 'purge-expired-tokens':
        return this.purgeExpiredTokens();
      case 'purge-unactivated-accounts':
        return this.purgeUnactivatedAccounts();
      case 'anonymise-old-download-logs':
        return this.anonymiseOldDownloadLogs();
      case 'report-stale-outbox':
        return this.reportStaleOutbox();
      case 'compute-related-tools':
        return this.computeRelatedTools();
      case 'purge-personal-data':
        return this.purgePersonalData();
      case 'aggregate-daily-stats':
        return this.aggregateDailyStats();
      case 'send-update-digests':
        // docs/product/rules.md#R912: one mail a day at most per member, through the outbox.
        return this.digests.sendDigests();
      case 'send-partner-reports':
        // docs/product/rules.md#R1001: last month's report, once per partner, through the outbox.
        return this.partnerReports.sendReports();
      case 'send-plan-reminders':
        // docs/product/rules.md#R979: one mail per plan and week at most, through the outbox.
        return this.planReminders.sendReminders();
    }
  }

  async purgeExpiredTokens(): Promise<{ sessions: number; oneTimeTokens: number }> {
    const sessions = await this.repository.deleteExpiredSessions();
    const oneTimeTokens = await this.repository.deleteSpentOneTimeTokens();
    this.metrics.countHousekeeping('purge-expired-tokens', sessions + oneTimeTokens);
    this.logger.log(`Purged ${sessions} expired session(s) and ${oneTimeTokens} spent one-time link(s)`);
    return { sessions, oneTimeTokens };
  }

  /**
   * Sign-ups never activated once their link expired (48 h, docs/product/rules.md#R183) and with no live link
   * left (a resent one keeps the account): deleted, so that whoever typed an address that is not
   * theirs does not keep it from its owner.
   */
  async purgeUnactivatedAccounts(): Promise<{ accounts: number }> {
    const accounts = await this.repository.deleteUnactivatedAccounts(this.config.auth.activationHours);
    this.metrics.countHousekeeping('purge-unactivated-accounts', accounts);
    this.logger.log(`Deleted ${accounts} account(s) never activated within ${this.config.auth.activationHours} h`);
    return { accounts };
  }

  /** Privacy page: download logs keep who downloaded for `DOWNLOAD_LOG_RETENTION_MONTHS` (13) months. */
  async anonymiseOldDownloadLogs(): Promise<{ anonymised: number }> {
    const months = this.config.downloads.logRetentionMonths;
    const anonymised = await this.repository.anonymiseDownloadLogsOlderThan(months);
    this.metrics.countHousekeeping('anonymise-old-download-logs', anonymised);
    this.logger.log(`Anonymised ${anonymised} download log row(s) older than ${months} months`);
    return { anonymised };
  }

  /** "Ces outils vont bien ensemble", rebuilt for every tool (docs/product/rules.md#R565). */
  async computeRelatedTools(): Promise<{ tools: number; rows: number }> {
    const report = await this.related.recompute();
    this.metrics.countHousekeeping('compute-related-tools', report.rows);
    this.logger.log(`Related tools computed for ${report.tools} tool(s)`);
    return report;
  }

  /**
   * Newsletter registrations never confirmed within 30 days are deleted with their history
   * (an address that was subscribed before goes back to unsubscribed); the history of an
   * unsubscribed address is deleted 3 years after the unsubscription (docs/product/rules.md#R458).
   * Data export files are deleted once their 24-hour link expired, or at once when their account
   * was deleted (docs/product/rules.md#R968).
   */
  async purgePersonalData(): Promise<{ expired: number; proofsDeleted: number; dataExports: number; searchDays: number; plans: number; partnerEvents: number; visitorSalts: number }> {
    const expired = await this.repository.expirePendingNewsletterRegistrations(NewsletterDelays.confirmationDays);
    // Partner visits kept 13 months, a day's visitor salt gone the night after (docs/product/rules.md#R1005, R1006).
    const partners = await this.repository.deleteOldPartnerEvents(PARTNER_EVENTS_KEPT_MONTHS);
    // Not personal, but kept for a fixed time all the same (docs/product/rules.md#R975).
    const searchDays = await this.repository.deleteSearchDaysOlderThan(SearchLimits.keptMonths);
    const proofsDeleted = await this.repository.deleteOldUnsubscribedNewsletterAddresses(NewsletterDelays.unsubscribedProofYears);
    // docs/product/rules.md#R984: a followed plan is kept 13 months from its start.
    const plans = await this.plans.deleteOlderThan(PlanLimits.keptMonths);
    let dataExports = 0;
    for (let batch = await this.exports.expired(); batch.length > 0; batch = await this.exports.expired()) {
      for (const row of batch) {
        await this.storage.delete(row.storageKey);
        await this.exports.delete(row.id);
        dataExports += 1;
      }
    }
    this.metrics.countHousekeeping('purge-personal-data', expired + proofsDeleted + dataExports + plans + partners.events);
    this.logger.log(`Personal data: ${expired} unconfirmed newsletter registration(s) expired, ${proofsDeleted} old unsubscribed address(es) and ${dataExports} data export file(s) deleted; ${searchDays} search day row(s) older than ${SearchLimits.keptMonths} months deleted; ${plans} followed plan(s) older than ${PlanLimits.keptMonths} months deleted; ${partners.events} partner event(s) older than ${PARTNER_EVENTS_KEPT_MONTHS} months and ${partners.salts} past visitor salt(s) deleted`);
    return { expired, proofsDeleted, dataExports, searchDays, plans, partnerEvents: partners.events, visitorSalts: partners.salts };
  }

  /**
   * The statistics' daily figures of the last few Europe/Paris days, rebuilt from the raw rows
   * (docs/product/rules.md#R676): idempotent, so a run twice or on two replicas writes the same rows.
   */
  async aggregateDailyStats(now = new Date()): Promise<{ days: number; toolDays: number }> {
    const report = await this.dailyStats.aggregateRecent(now);
    this.metrics.countHousekeeping('aggregate-daily-stats', report.toolDays);
    this.logger.log(`Daily statistics rebuilt: ${report.toolDays} tool-day row(s), ${report.days} day(s) of sign-ups`);
    return report;
  }

  async reportStaleOutbox(): Promise<{ pending: number; unsent: number }> {
    const report = await this.repository.staleOutbox(STALE_OUTBOX_SECONDS);
    this.metrics.setStaleOutbox(report.pending, report.unsent);
    if (report.pending + report.unsent > 0) {
      const sample = report.sample.map((row) => `${row.id} (${row.jobName}${row.dispatched ? ', handed over' : ''})`).join(', ');
      this.logger.warn(
        `Outbox: ${report.pending + report.unsent} message(s) older than 5 minutes not sent — ` +
          `${report.pending} not handed to a queue, ${report.unsent} handed over but not sent; ` +
          `oldest ${Math.round(report.oldestAgeSeconds)} s; first ids: ${sample}. See docs/operations.md, "Outbox bloquée".`,
      );
    }
    return { pending: report.pending, unsent: report.unsent };
  }
}
