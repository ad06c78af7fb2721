import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PartnerMessages, type PartnerEventKind, type PartnerReportResponse } from '@outils/contracts';
import { parisDay } from '@outils/server-db';
import { LinkPurposes, LinkSigner } from '@outils/server-signing';
import { BadRequestError, NotFoundError } from '../../../common/errors/domain-error';
import { UUID_EXACT } from '../../../common/validation/patterns';
import { partnerOfAttribution } from '../partner-attribution';
import { PartnersRepository } from '../partners.repository';
import { isDoubleClick, itemOf, requestExclusion, visitorOf, type NotCounted, type RequestFacts } from './partner-counting';
import { PartnerEventsRepository } from './partner-events.repository';

/** What one attributed call was about. */
export interface CreditedCall {
  kind: PartnerEventKind;
  toolId?: number | null;
  /** The call was already refused as a repeat elsewhere (a used download link). */
  repeated?: boolean;
}

/**
 * Partners' reports (docs/product/rules.md#R997–R1002): credits the calls that came with a
 * partner's signed attribution, the COUNTER way, and reads the figures per month.
 */
@Injectable()
export class PartnerReportsService {
  constructor(
    private readonly events: PartnerEventsRepository,
    private readonly partners: PartnersRepository,
    private readonly signer: LinkSigner,
  ) {}

  /** Today's salt, kept in memory until the Paris day changes (docs/product/rules.md#R1005). */
  private salt: { day: string; salt: Buffer } | null = null;

  /** Credits a call made with `attribution` (`{id}.{signature}`); a missing or tampered one credits nobody. */
  creditAttributed(attribution: unknown, call: CreditedCall, facts: RequestFacts, now = new Date()): Promise<NotCounted | null> {
    const partnerId = partnerOfAttribution(this.signer.key(LinkPurposes.partnerAttribution), attribution);
    return partnerId ? this.credit(partnerId, call, facts, now) : Promise.resolve('unattributed');
  }

  /** Credits a call to a partner known for sure (its embed's read, whose origin was checked). */
  async credit(partnerId: string, call: CreditedCall, facts: RequestFacts, now = new Date()): Promise<NotCounted | null> {
    const excluded = requestExclusion(facts);
    if (excluded) return excluded;
    if (call.repeated) return 'repeat';
    const day = parisDay(now);
    const event = {
      partnerId, kind: call.kind, item: itemOf(call.kind, call.toolId ?? null),
      visitor: visitorOf(await this.saltOf(day), day, facts), day, at: now,
    };
    const stored = await this.events.recordUnlessRepeated(event, (last) => !isDoubleClick(last, now));
    return stored ? null : 'double-click';
  }

  /** The day's random salt shared by every API process, never derived from a secret (docs/product/rules.md#R1005). */
  private async saltOf(day: string): Promise<Buffer> {
    if (this.salt?.day !== day) this.salt = { day, salt: await this.events.visitorSalt(day, randomBytes(32)) };
    return this.salt.salt;
  }

  async report(partnerId: string): Promise<PartnerReportResponse> {
    const partner = UUID_EXACT.test(partnerId) ? await this.partners.find(partnerId) : null;
    if (!partner) throw new NotFoundError(PartnerMessages.notFound);
    const [months, reportsUnsubscribed] = await Promise.all([this.events.months(partner.id), this.events.reportsUnsubscribed(partner.id)]);
    return { partner, months, reportsUnsubscribed };
  }

  /** The one-click unsubscribe of the monthly report (docs/product/rules.md#R1002): the partner's id signed under its own purpose. */
  async unsubscribe(partnerId: unknown, token: unknown): Promise<void> {
    const id = typeof partnerId === 'string' && UUID_EXACT.test(partnerId) ? partnerId.toLowerCase() : null;
    if (!id || !this.signer.key(LinkPurposes.partnerReports).matches([id], token)) throw new BadRequestError(PartnerMessages.unsubscribeInvalid);
    if (!(await this.events.unsubscribeReports(id))) throw new NotFoundError(PartnerMessages.notFound);
  }
}
