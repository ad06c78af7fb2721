import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PartnerEventKind, PartnerReportMonth } from '@outils/contracts';
import { changedCount, partnerReportMonths } from '@outils/server-db';

export interface PartnerEvent {
  partnerId: string;
  kind: PartnerEventKind;
  item: string;
  visitor: string;
  /** The Europe/Paris day, `YYYY-MM-DD`. */
  day: string;
  at: Date;
}

/** A partner's counted events and its report's state (docs/product/rules.md#R997–R1002). */
@Injectable()
export class PartnerEventsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Stores `event` when `counts(lastCountedAt)` says so, under a lock on the visitor's item so that
   * two simultaneous clicks are decided one after the other; false when not stored (also when the
   * partner is gone).
   */
  async recordUnlessRepeated(event: PartnerEvent, counts: (lastCountedAt: Date | null) => boolean): Promise<boolean> {
    return this.dataSource.transaction(async (em) => {
      const key = `${event.partnerId}|${event.visitor}|${event.kind}|${event.item}`;
      await em.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`partner-event|${key}`]);
      const last: Array<{ occurred_at: Date }> = await em.query(
        `SELECT occurred_at FROM partner_event WHERE partner_id = $1::uuid AND visitor = $2 AND kind = $3 AND item = $4
          ORDER BY occurred_at DESC LIMIT 1`,
        [event.partnerId, event.visitor, event.kind, event.item],
      );
      if (!counts(last[0] ? new Date(last[0].occurred_at) : null)) return false;
      const inserted: unknown[] = await em.query(
        `INSERT INTO partner_event (partner_id, kind, item, visitor, day, occurred_at)
         SELECT id, $2, $3, $4, $5::date, $6 FROM partner WHERE id = $1::uuid RETURNING id`,
        [event.partnerId, event.kind, event.item, event.visitor, event.day, event.at],
      );
      return inserted.length > 0;
    });
  }

  /**
   * The random salt of a Paris day's visitors (docs/product/rules.md#R1005): the first process to
   * count that day stores `candidate`, every other one reads the stored salt.
   */
  async visitorSalt(day: string, candidate: Buffer): Promise<Buffer> {
    await this.dataSource.query(`INSERT INTO partner_visitor_salt (day, salt) VALUES ($1::date, $2) ON CONFLICT (day) DO NOTHING`, [day, candidate]);
    const rows: Array<{ salt: Buffer }> = await this.dataSource.query(`SELECT salt FROM partner_visitor_salt WHERE day = $1::date`, [day]);
    return rows[0].salt;
  }

  months(partnerId: string): Promise<PartnerReportMonth[]> {
    return partnerReportMonths(this.dataSource.manager, partnerId);
  }

  async reportsUnsubscribed(partnerId: string): Promise<boolean> {
    const rows: Array<{ off: boolean }> = await this.dataSource.query(
      `SELECT reports_unsubscribed_at IS NOT NULL AS off FROM partner WHERE id = $1::uuid`, [partnerId],
    );
    return rows[0]?.off ?? false;
  }

  /** Stops the partner's monthly report; false when there is no such partner. */
  async unsubscribeReports(partnerId: string): Promise<boolean> {
    const count = await changedCount(this.dataSource,
      `UPDATE partner SET reports_unsubscribed_at = COALESCE(reports_unsubscribed_at, now()) WHERE id = $1::uuid`, [partnerId],
    );
    return count > 0;
  }
}
