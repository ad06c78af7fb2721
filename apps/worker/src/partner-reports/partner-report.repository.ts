import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PartnerReportMonth } from '@outils/contracts';
import { asTransaction, managerOf, partnerReportMonths, Transaction } from '@outils/server-db';

export interface ReportedPartner {
  id: string;
  name: string;
  contact_email: string;
}

/** The monthly reports' reads and claims (docs/product/rules.md#R1001). */
@Injectable()
export class PartnerReportRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The partners owed `month` (`YYYY-MM`): not unsubscribed, created before the month ended, and not
   * yet sent that month's report.
   */
  async due(month: string): Promise<ReportedPartner[]> {
    return this.dataSource.query(
      `SELECT p.id, p.name, p.contact_email FROM partner p
        WHERE p.reports_unsubscribed_at IS NULL
          AND p.created_at < ((to_date($1, 'YYYY-MM') + interval '1 month')::timestamp AT TIME ZONE 'Europe/Paris')
          AND NOT EXISTS (SELECT 1 FROM partner_report r WHERE r.partner_id = p.id AND r.month = to_date($1, 'YYYY-MM'))
        ORDER BY p.created_at, p.id`,
      [month],
    );
  }

  /** Claims the partner's month in the caller's transaction: false when another run (or replica) did, or it unsubscribed meanwhile. */
  async claim(tx: Transaction, partnerId: string, month: string): Promise<boolean> {
    const rows: unknown[] = await managerOf(tx).query(
      `INSERT INTO partner_report (partner_id, month)
       SELECT id, to_date($2, 'YYYY-MM') FROM partner WHERE id = $1::uuid AND reports_unsubscribed_at IS NULL
       ON CONFLICT DO NOTHING RETURNING partner_id`,
      [partnerId, month],
    );
    return rows.length > 0;
  }

  /** The month's figures, zeros when nothing was counted. */
  async figures(tx: Transaction, partnerId: string, month: string): Promise<PartnerReportMonth> {
    const [found] = await partnerReportMonths(managerOf(tx), partnerId, month);
    return found ?? { month, views: 0, viewVisitors: 0, sheets: 0, sheetVisitors: 0, downloads: 0, downloadVisitors: 0, signups: 0, visitors: 0 };
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(asTransaction(manager)));
  }
}
