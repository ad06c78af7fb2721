import { Inject, Injectable, Logger } from '@nestjs/common';
import { VersionApiRoutes, VersionWebRoutes, WebRoutes } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { OutboxRepository } from '@outils/server-jobs';
import { LinkSigner, UpdateAlertLinks } from '@outils/server-signing';
import { DigestRow, UpdateDigestRepository } from './update-digest.repository';

/** The day in Paris, `YYYY-MM-DD`: « one mail a day » is counted in the members' days. */
export function parisDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * The daily update digests (docs/product/rules.md#R912, #R913): for each member concerned, one
 * outbox mail listing each tool they use that has a new version, written in the transaction that
 * claims the member's day, so that a run twice (or on two replicas) mails nobody twice.
 */
@Injectable()
export class UpdateDigestService {
  private readonly logger = new Logger(UpdateDigestService.name);
  private readonly links: UpdateAlertLinks;

  constructor(
    private readonly digests: UpdateDigestRepository,
    private readonly outbox: OutboxRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    signer: LinkSigner,
  ) {
    this.links = new UpdateAlertLinks(signer);
  }

  async sendDigests(now = new Date()): Promise<{ members: number; tools: number }> {
    const today = parisDay(now);
    const byMember = new Map<string, DigestRow[]>();
    for (const row of await this.digests.pending(now, today)) byMember.set(row.user_id, [...(byMember.get(row.user_id) ?? []), row]);
    let members = 0;
    let tools = 0;
    for (const [userId, rows] of byMember) {
      const through = rows.reduce((latest, row) => (new Date(row.created_at) > latest ? new Date(row.created_at) : latest), new Date(0));
      const sent = await this.digests.transaction(async (tx) => {
        if (!(await this.digests.claim(tx, userId, today, through))) return false;
        const query = new URLSearchParams({ id: userId, token: this.links.token(userId) }).toString();
        await this.outbox.enqueue(tx, {
          name: 'send-update-digest-mail',
          data: {
            to: rows[0].email,
            firstName: rows[0].first_name,
            tools: rows.map((row) => ({ name: row.name, url: `${this.config.urls.web}${WebRoutes.toolBySlug(row.slug)}`, version: row.number, note: row.note })),
            unsubscribeUrl: `${this.config.urls.web}${VersionWebRoutes.alertsUnsubscribe}?${query}`,
            oneClickUrl: `${this.config.urls.api}${VersionApiRoutes.alertsUnsubscribe}?${query}`,
          },
        });
        return true;
      });
      if (sent) {
        members += 1;
        tools += rows.length;
      }
    }
    this.logger.log(`Update digests: ${members} member(s), ${tools} tool update(s)`);
    return { members, tools };
  }
}
