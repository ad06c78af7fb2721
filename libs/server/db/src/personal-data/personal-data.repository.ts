import { DataSource } from 'typeorm';
import type { PersonalData } from './personal-data';
import { NEWSLETTER_EVENT_LABELS, NEWSLETTER_SOURCE_LABELS, NEWSLETTER_STATUS_LABELS, PlanStepAnswerLabels } from '@outils/contracts';

/** The French word of a code, as the member reads it (docs/product/rules.md#R743); an unknown code as it is. */
const label = (labels: Record<string, string>, code: string): string => labels[code] ?? code;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** Rows read per query when the archive is written (docs/product/rules.md#R781): memory stays flat whatever the history. */
export const PERSONAL_DATA_PAGE = 500;

type Item<K extends keyof PersonalData> = PersonalData[K] extends Array<infer T> ? T : never;
export type NewsletterEventItem = PersonalData['consentements']['newsletter'][number];
export type FavouriteItem = Item<'favoris'>;
export type FolderItem = Item<'dossiers'>;
export type DownloadItem = Item<'telechargements'>;
export type DiagnosticItem = Item<'resultatsDiagnostic'>;
export type UsefulnessItem = Item<'avisOutils'>;

/** What is read once, before any list: the account (null when deleted) and its newsletter state. */
export interface PersonalDataHead {
  profil: PersonalData['profil'];
  conditionsGeneralesAccepteesLe: string;
  newsletter: PersonalData['newsletter'];
  /** The subscriber row of the account's own address, for its event history. */
  subscriberId: string | null;
}

/**
 * Everything the product keeps about one member (docs/product/rules.md#R968), read for
 * 'Télécharger mes données' by the API (small histories, at once) and by the worker (large ones).
 * Every query is bound to the member's id — or, for the newsletter, to the account's own address —
 * so that nothing of another person can enter the file. Lists are read page by page, in a stable
 * order (keyset on date then id), never whole (docs/product/rules.md#R781).
 */
export class PersonalDataRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Every row the file would hold, all kinds together (docs/product/rules.md#R968): what decides
   * between a file built at once and one built by the worker.
   */
  async countRows(userId: string): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT (SELECT count(*) FROM download_log WHERE user_id = $1)
            + (SELECT count(*) FROM favorite WHERE user_id = $1)
            + (SELECT count(*) FROM tool_folder WHERE user_id = $1)
            + (SELECT count(*) FROM tool_folder_item i JOIN tool_folder f ON f.id = i.folder_id WHERE f.user_id = $1)
            + (SELECT count(*) FROM diagnostic_result WHERE user_id = $1)
            + (SELECT count(*) FROM tool_usefulness WHERE user_id = $1)
            + (SELECT count(*) FROM plan_step s JOIN plan_follow_up p ON p.id = s.plan_id WHERE p.user_id = $1)
            + (SELECT count(*) FROM newsletter_event e JOIN newsletter_subscriber s ON s.id = e.subscriber_id
                 JOIN app_user u ON u.email = s.email WHERE u.id = $1) AS n`,
      [userId],
    );
    return Number(row.n);
  }

  /** The member's download history, newest first (docs/product/rules.md#R470). */
  async downloads(userId: string, limit: number): Promise<DownloadItem[]> {
    return (await this.downloadPage(userId, null, limit)).items;
  }

  async head(userId: string): Promise<PersonalDataHead | null> {
    const [user] = await this.dataSource.query(
      `SELECT u.email, u.first_name, u.last_name, u.job, a.name AS activity, u.is_admin, u.created_at, u.activated_at, u.terms_accepted_at
         FROM app_user u LEFT JOIN activity_area a ON a.id = u.activity_area_id WHERE u.id = $1`,
      [userId],
    );
    if (!user) return null;
    const [subscriber] = await this.dataSource.query(
      `SELECT id, status, source, created_at, confirmed_at, unsubscribed_at FROM newsletter_subscriber WHERE email = $1`,
      [user.email],
    );
    return {
      profil: {
        email: user.email,
        prenom: user.first_name,
        nom: user.last_name,
        metier: user.job,
        secteurActivite: user.activity,
        administrateur: user.is_admin,
        compteCreeLe: iso(user.created_at)!,
        compteActiveLe: iso(user.activated_at),
      },
      conditionsGeneralesAccepteesLe: iso(user.terms_accepted_at)!,
      newsletter: subscriber
        ? { statut: label(NEWSLETTER_STATUS_LABELS, subscriber.status), source: label(NEWSLETTER_SOURCE_LABELS, subscriber.source), inscritLe: iso(subscriber.created_at)!, confirmeLe: iso(subscriber.confirmed_at), desinscritLe: iso(subscriber.unsubscribed_at) }
        : null,
      subscriberId: subscriber ? String(subscriber.id) : null,
    };
  }

  async *newsletterEvents(subscriberId: string | null): AsyncGenerator<NewsletterEventItem[]> {
    if (subscriberId === null) return;
    let after = '0';
    for (;;) {
      const rows: Array<{ id: string; kind: string; source: string | null; consent_text: string | null; ip: string | null; created_at: Date }> = await this.dataSource.query(
        `SELECT id, kind, source, consent_text, ip, created_at FROM newsletter_event WHERE subscriber_id = $1 AND id > $2::bigint ORDER BY id LIMIT $3`,
        [subscriberId, after, PERSONAL_DATA_PAGE],
      );
      if (rows.length === 0) return;
      yield rows.map((e) => ({ date: iso(e.created_at)!, evenement: label(NEWSLETTER_EVENT_LABELS, e.kind), source: e.source && label(NEWSLETTER_SOURCE_LABELS, e.source), texteAffiche: e.consent_text, adresseIp: e.ip }));
      after = String(rows[rows.length - 1].id);
    }
  }

  async *favourites(userId: string): AsyncGenerator<FavouriteItem[]> {
    let after: { at: string; id: number } | null = null;
    for (;;) {
      const rows: Array<{ id: number; name: string; slug: string; at: Date; k: string }> = await this.dataSource.query(
        `SELECT t.id, t.name, t.slug, f.created_at AS at, f.created_at::text AS k FROM favorite f JOIN tool t ON t.id = f.tool_id
          WHERE f.user_id = $1 AND ($2::timestamptz IS NULL OR (f.created_at, t.id) > ($2::timestamptz, $3::int))
          ORDER BY f.created_at, t.id LIMIT $4`,
        [userId, after?.at ?? null, after?.id ?? 0, PERSONAL_DATA_PAGE],
      );
      if (rows.length === 0) return;
      yield rows.map((f) => ({ ajouteLe: iso(f.at)!, outil: { id: f.id, nom: f.name, slug: f.slug } }));
      after = { at: rows[rows.length - 1].k, id: rows[rows.length - 1].id };
    }
  }

  /** Folders a page at a time, each with its tools (read for that page's folders only). */
  async *folders(userId: string): AsyncGenerator<FolderItem[]> {
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const folders: Array<{ id: string; name: string; description: string | null; shared_at: Date | null; is_kit: boolean; created_at: Date; updated_at: Date; k: string }> =
        await this.dataSource.query(
          `SELECT id, name, description, shared_at, is_kit, created_at, updated_at, created_at::text AS k FROM tool_folder
            WHERE user_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) > ($2::timestamptz, $3::uuid))
            ORDER BY created_at, id LIMIT $4`,
          [userId, after?.at ?? null, after?.id ?? '00000000-0000-0000-0000-000000000000', PERSONAL_DATA_PAGE],
        );
      if (folders.length === 0) return;
      const items: Array<{ folder_id: string; tool_id: number | null; tool_name: string; slug: string | null; position: number; added_at: Date }> =
        await this.dataSource.query(
          `SELECT i.folder_id, i.tool_id, i.tool_name, t.slug, i.position, i.added_at
             FROM tool_folder_item i JOIN tool_folder f ON f.id = i.folder_id LEFT JOIN tool t ON t.id = i.tool_id
            WHERE f.user_id = $1 AND i.folder_id = ANY($2::uuid[]) ORDER BY i.folder_id, i.position, i.id`,
          [userId, folders.map((f) => f.id)],
        );
      yield folders.map((f) => ({
        nom: f.name,
        description: f.description,
        partage: f.shared_at !== null,
        partageLe: iso(f.shared_at),
        kit: f.is_kit,
        creeLe: iso(f.created_at)!,
        modifieLe: iso(f.updated_at)!,
        outils: items
          .filter((i) => i.folder_id === f.id)
          .map((i) => ({ position: i.position, nom: i.tool_name, slug: i.slug, retireDuCatalogue: i.tool_id === null, ajouteLe: iso(i.added_at)! })),
      }));
      after = { at: folders[folders.length - 1].k, id: folders[folders.length - 1].id };
    }
  }

  async *allDownloads(userId: string): AsyncGenerator<DownloadItem[]> {
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const page = await this.downloadPage(userId, after, PERSONAL_DATA_PAGE);
      if (page.items.length === 0) return;
      yield page.items;
      after = page.last;
    }
  }

  /**
   * The member's saved diagnostics (docs/product/rules.md#R472): date, overall and per-axis
   * scores, priority axes and each answer given, with the words of its question as they are now.
   */
  async *diagnostics(userId: string): AsyncGenerator<DiagnosticItem[]> {
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const results: Array<{ id: string; created_at: Date; k: string; overall: number | null; scores: Array<{ name: string; score: number | null }>; answer_ids: number[]; priority_axis_ids: number[] }> =
        await this.dataSource.query(
          `SELECT id, created_at, created_at::text AS k, overall, scores, answer_ids, priority_axis_ids FROM diagnostic_result
            WHERE user_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) > ($2::timestamptz, $3::uuid))
            ORDER BY created_at, id LIMIT $4`,
          [userId, after?.at ?? null, after?.id ?? '00000000-0000-0000-0000-000000000000', PERSONAL_DATA_PAGE],
        );
      if (results.length === 0) return;
      yield await this.describeDiagnostics(results);
      after = { at: results[results.length - 1].k, id: results[results.length - 1].id };
    }
  }

  /**
   * The member's answers to « Cet outil vous a-t-il aidé ? » (docs/product/rules.md#R968), oldest
   * first: the tool, 'Oui' or 'Non', the comment, when first given and last changed. A guest's
   * answers are tied to no account and are not in it.
   */
  async *usefulnessAnswers(userId: string): AsyncGenerator<UsefulnessItem[]> {
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const rows: Array<{ id: string; tool_id: number; name: string; slug: string; useful: boolean; comment: string | null; created_at: Date; updated_at: Date; k: string }> =
        await this.dataSource.query(
          `SELECT u.id, t.id AS tool_id, t.name, t.slug, u.useful, u.comment, u.created_at, u.updated_at, u.created_at::text AS k
             FROM tool_usefulness u JOIN tool t ON t.id = u.tool_id
            WHERE u.user_id = $1 AND ($2::timestamptz IS NULL OR (u.created_at, u.id) > ($2::timestamptz, $3::bigint))
            ORDER BY u.created_at, u.id LIMIT $4`,
          [userId, after?.at ?? null, after?.id ?? '0', PERSONAL_DATA_PAGE],
        );
      if (rows.length === 0) return;
      yield rows.map((u) => ({
        outil: { id: u.tool_id, nom: u.name, slug: u.slug }, reponse: u.useful ? 'Oui' : 'Non', commentaire: u.comment,
        donneLe: iso(u.created_at)!, modifieLe: iso(u.updated_at)!,
      }));
      after = { at: rows[rows.length - 1].k, id: String(rows[rows.length - 1].id) };
    }
  }

  /** The member's followed plan (docs/product/rules.md#R886): one plan of a few steps at most, read at once. */
  async followedPlan(userId: string): Promise<PersonalData['planSuivi']> {
    const [plan]: Array<{ id: string; started_at: Date; ended_at: Date | null; completed_at: Date | null; unsubscribed_at: Date | null; weeks_mailed: number; baseline_scores: Array<{ name: string; score: number | null }> }> =
      await this.dataSource.query(
        `SELECT id, started_at, ended_at, completed_at, unsubscribed_at, weeks_mailed, baseline_scores FROM plan_follow_up WHERE user_id = $1`,
        [userId],
      );
    if (!plan) return null;
    const steps: Array<{ position: number; tool_id: number; name: string; slug: string; answer: string | null; answered_at: Date | null }> = await this.dataSource.query(
      `SELECT s.position, t.id AS tool_id, t.name, t.slug, s.answer, s.answered_at FROM plan_step s JOIN tool t ON t.id = s.tool_id
        WHERE s.plan_id = $1 ORDER BY s.position`,
      [plan.id],
    );
    return {
      commenceLe: iso(plan.started_at)!, termineLe: iso(plan.ended_at ?? plan.completed_at), desabonneLe: iso(plan.unsubscribed_at),
      semainesRappelees: plan.weeks_mailed,
      scoresDeDepart: plan.baseline_scores.map((a) => ({ axe: a.name, score: a.score })),
      etapes: steps.map((st) => ({
        position: st.position, outil: { id: st.tool_id, nom: st.name, slug: st.slug },
        reponse: st.answer === null ? null : label(PlanStepAnswerLabels, st.answer), reponduLe: iso(st.answered_at),
      })),
    };
  }

  private async downloadPage(userId: string, after: { at: string; id: string } | null, limit: number): Promise<{ items: DownloadItem[]; last: { at: string; id: string } | null }> {
    const rows: Array<{ id: string; at: Date; k: string; tool_id: number | null; name: string | null; slug: string | null }> = await this.dataSource.query(
      `SELECT d.id, d.created_at AS at, d.created_at::text AS k, t.id AS tool_id, t.name, t.slug
         FROM download_log d LEFT JOIN tool t ON t.id = d.tool_id
        WHERE d.user_id = $1 AND ($2::timestamptz IS NULL OR (d.created_at, d.id) < ($2::timestamptz, $3::bigint))
        ORDER BY d.created_at DESC, d.id DESC
        LIMIT $4`,
      [userId, after?.at ?? null, after?.id ?? '0', limit],
    );
    const last = rows.length ? { at: rows[rows.length - 1].k, id: rows[rows.length - 1].id } : null;
    return { items: rows.map((r) => ({ date: iso(r.at)!, outil: r.tool_id === null ? null : { id: r.tool_id, nom: r.name!, slug: r.slug! } })), last };
  }

  private async describeDiagnostics(
    results: Array<{ created_at: Date; overall: number | null; scores: Array<{ name: string; score: number | null }>; answer_ids: number[]; priority_axis_ids: number[] }>,
  ): Promise<DiagnosticItem[]> {
    const answerIds = [...new Set(results.flatMap((r) => r.answer_ids))];
    const axisIds = [...new Set(results.flatMap((r) => r.priority_axis_ids))];
    const answers: Array<{ id: number; answer: string; question: string }> = answerIds.length
      ? await this.dataSource.query(
          `SELECT a.id, a.text AS answer, q.text AS question FROM diagnostic_answer a JOIN diagnostic_question q ON q.id = a.question_id WHERE a.id = ANY($1::int[])`,
          [answerIds],
        )
      : [];
    const axes: Array<{ id: number; name: string }> = axisIds.length
      ? await this.dataSource.query(`SELECT id, name FROM diagnostic_axis WHERE id = ANY($1::int[])`, [axisIds])
      : [];
    const answerById = new Map(answers.map((a) => [a.id, a]));
    const axisById = new Map(axes.map((a) => [a.id, a.name]));
    return results.map((r) => ({
      date: iso(r.created_at)!,
      scoreGlobal: r.overall,
      scoresParAxe: (Array.isArray(r.scores) ? r.scores : []).map((s) => ({ axe: s.name, score: s.score })),
      axesPrioritaires: r.priority_axis_ids.map((id) => axisById.get(id) ?? 'Axe retiré du diagnostic'),
      reponses: r.answer_ids.map((id) => ({ question: answerById.get(id)?.question ?? null, reponse: answerById.get(id)?.answer ?? 'Réponse retirée du diagnostic' })),
    }));
  }
}

/**
 * The Nest provider of the reader, on the app's data source: the API and the worker register this
 * same object (the library itself does not depend on Nest).
 */
export const personalDataRepositoryProvider = {
  provide: PersonalDataRepository,
  inject: [DataSource],
  useFactory: (dataSource: DataSource) => new PersonalDataRepository(dataSource),
};
