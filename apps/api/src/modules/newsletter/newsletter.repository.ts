import { Injectable } from '@nestjs/common';
import type { NewsletterSource } from '@outils/contracts';
import { managerOf, Transaction } from '@outils/server-db';

export interface SubscriberState {
  id: string;
  consent: boolean;
  /** Consent given by this very call (it was absent before). */
  newlyConsented: boolean;
  synced: boolean;
}

@Injectable()
export class NewsletterRepository {
  /**
   * Insert or update by e-mail. Consent only ever goes from false to true here (a later form
   * without the box ticked never withdraws it); its date and source are those of the first
   * consent. Without consent, the first source is kept.
   */
  async upsert(tx: Transaction, email: string, consent: boolean, source: NewsletterSource): Promise<SubscriberState> {
    const em = managerOf(tx);
    const rows: Array<{ id: string; consent: boolean; previous_consent: boolean | null; synced_at: Date | null }> = await em.query(
      `WITH previous AS (SELECT consent FROM newsletter_subscriber WHERE email = $1)
       INSERT INTO newsletter_subscriber (email, consent, consent_at, source)
       VALUES ($1, $2, CASE WHEN $2 THEN now() END, $3)
       ON CONFLICT (email) DO UPDATE SET
         consent = newsletter_subscriber.consent OR EXCLUDED.consent,
         consent_at = CASE WHEN newsletter_subscriber.consent THEN newsletter_subscriber.consent_at ELSE EXCLUDED.consent_at END,
         source = CASE WHEN EXCLUDED.consent AND NOT newsletter_subscriber.consent THEN EXCLUDED.source ELSE newsletter_subscriber.source END,
         updated_at = now()
       RETURNING id, consent, synced_at, (SELECT consent FROM previous) AS previous_consent`,
      [email, consent, source],
    );
    const row = rows[0];
    return { id: row.id, consent: row.consent, newlyConsented: row.consent && row.previous_consent !== true, synced: row.synced_at !== null };
  }
}
