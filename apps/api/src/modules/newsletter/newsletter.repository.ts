import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { NewsletterConsentSource, NewsletterEventKind, NewsletterStatus } from '@outils/contracts';
import { changedRows, managerOf, NewsletterEventEntity, NewsletterSubscriberEntity, Transaction } from '@outils/server-db';

export interface Subscriber {
  id: string;
  email: string;
  status: NewsletterStatus;
  requestedAt: Date;
  confirmationSentAt: Date | null;
  confirmedAt: Date | null;
}

export interface NewsletterEventInput {
  kind: NewsletterEventKind;
  source: NewsletterConsentSource | null;
  consentText: string | null;
  ip: string | null;
}

const COLUMNS = `id, email, status, requested_at AS "requestedAt", confirmation_sent_at AS "confirmationSentAt", confirmed_at AS "confirmedAt"`;

/** Newsletter subscribers and their history (docs/product/rules.md#R450–R458). */
@Injectable()
export class NewsletterRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The subscriber of `email`, created as `pending` when unknown, and locked for the rest of the
   * transaction so that two registrations at the same moment queue one mail.
   */
  async lockOrCreate(tx: Transaction, email: string, source: NewsletterConsentSource): Promise<{ subscriber: Subscriber; created: boolean }> {
    const em = managerOf(tx);
    const inserted: Subscriber[] = await em.query(
      `INSERT INTO newsletter_subscriber (email, source, status, requested_at) VALUES ($1, $2, 'pending', now())
       ON CONFLICT (email) DO NOTHING RETURNING ${COLUMNS}`,
      [email, source],
    );
    if (inserted[0]) return { subscriber: inserted[0], created: true };
    const rows: Subscriber[] = await em.query(`SELECT ${COLUMNS} FROM newsletter_subscriber WHERE email = $1 FOR UPDATE`, [email]);
    return { subscriber: rows[0], created: false };
  }

  async lockById(tx: Transaction, id: string): Promise<Subscriber | null> {
    const rows: Subscriber[] = await managerOf(tx).query(`SELECT ${COLUMNS} FROM newsletter_subscriber WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  async findByEmail(email: string): Promise<Subscriber | null> {
    const rows: Subscriber[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM newsletter_subscriber WHERE email = $1`, [email]);
    return rows[0] ?? null;
  }

  /** Starts a new pending registration (an unsubscribed or expired address registering again). */
  async restartPending(tx: Transaction, id: string, source: NewsletterConsentSource): Promise<Subscriber> {
    const [row] = await changedRows<Subscriber>(managerOf(tx),
      `UPDATE newsletter_subscriber SET status = 'pending', source = $2, requested_at = now(), updated_at = now(), account_deleted_at = NULL
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, source],
    );
    return row;
  }

  /** Confirmation mails queued for this address in the last `ms` milliseconds (each is a `requested` event, docs/product/rules.md#R452). */
  async confirmationMailsSince(tx: Transaction, id: string, ms: number): Promise<number> {
    const [row] = await managerOf(tx).query(
      `SELECT count(*)::int AS n FROM newsletter_event WHERE subscriber_id = $1 AND kind = 'requested' AND created_at > now() - make_interval(secs => $2)`,
      [id, ms / 1000],
    );
    return row.n;
  }

  async lockByEmail(tx: Transaction, email: string): Promise<Subscriber | null> {
    const rows: Subscriber[] = await managerOf(tx).query(`SELECT ${COLUMNS} FROM newsletter_subscriber WHERE email = $1 FOR UPDATE`, [email]);
    return rows[0] ?? null;
  }

  /** A registration never confirmed goes whole, its history with it (the events cascade). */
  async deleteWithHistory(tx: Transaction, id: string): Promise<void> {
    await managerOf(tx).query(`DELETE FROM newsletter_subscriber WHERE id = $1`, [id]);
  }

  /** Keeps only the proof of consent of a deleted account's address, out of the admin's views (docs/product/rules.md#R742). */
  async markAccountDeleted(tx: Transaction, id: string): Promise<void> {
    await managerOf(tx).query(`UPDATE newsletter_subscriber SET account_deleted_at = now(), updated_at = now() WHERE id = $1`, [id]);
  }

  async markConfirmationSent(tx: Transaction, id: string): Promise<void> {
    await managerOf(tx).update(NewsletterSubscriberEntity, { id }, { confirmationSentAt: () => 'now()' } as never);
  }

  async markSubscribed(tx: Transaction, id: string): Promise<void> {
    await managerOf(tx).update(NewsletterSubscriberEntity, { id }, { status: 'subscribed', confirmedAt: () => 'now()' } as never);
  }

  async markUnsubscribed(tx: Transaction, id: string): Promise<void> {
    await managerOf(tx).update(NewsletterSubscriberEntity, { id }, { status: 'unsubscribed', unsubscribedAt: () => 'now()' } as never);
  }

  async addEvent(tx: Transaction, subscriberId: string, event: NewsletterEventInput): Promise<void> {
    const repo = managerOf(tx).getRepository(NewsletterEventEntity);
    await repo.insert(repo.create({ subscriberId, ...event }));
  }
}
