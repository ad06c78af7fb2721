import { Inject, Injectable, Logger } from '@nestjs/common';
import { PartnerApiRoutes, WebPagePaths } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { parisDay } from '@outils/server-db';
import { OutboxRepository } from '@outils/server-jobs';
import { LinkPurposes, LinkSigner } from '@outils/server-signing';
import { PartnerReportRepository } from './partner-report.repository';

/** `YYYY-MM` of the month before the Paris day `day` (`YYYY-MM-DD`). */
export function monthBefore(day: string): string {
  const [year, month] = day.split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/**
 * The partners' monthly reports (docs/product/rules.md#R1001, #R1002): last month's figures mailed to
 * each partner's contact through the outbox, the month claimed in the transaction that writes the
 * mail, so that a run twice (or on two replicas, or every day of the month) mails each partner once.
 */
@Injectable()
export class PartnerReportService {
  private readonly logger = new Logger(PartnerReportService.name);

  constructor(
    private readonly reports: PartnerReportRepository,
    private readonly outbox: OutboxRepository,
    private readonly signer: LinkSigner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async sendReports(now = new Date()): Promise<{ partners: number }> {
    const month = monthBefore(parisDay(now));
    let partners = 0;
    for (const partner of await this.reports.due(month)) {
      const sent = await this.reports.transaction(async (tx) => {
        if (!(await this.reports.claim(tx, partner.id, month))) return false;
        const query = new URLSearchParams({ partenaire: partner.id, jeton: this.signer.key(LinkPurposes.partnerReports).sign([partner.id]) }).toString();
        await this.outbox.enqueue(tx, {
          name: 'send-partner-report-mail',
          data: {
            to: partner.contact_email,
            partnerName: partner.name,
            figures: await this.reports.figures(tx, partner.id, month),
            unsubscribeUrl: `${this.config.urls.web}${WebPagePaths.partnerReportsUnsubscribe}?${query}`,
            oneClickUrl: `${this.config.urls.api}${PartnerApiRoutes.reportsUnsubscribe}?${query}`,
          },
        });
        return true;
      });
      if (sent) partners += 1;
    }
    this.logger.log(`Partner reports of ${month}: ${partners} partner(s)`);
    return { partners };
  }
}
