import request from 'supertest';
import { PartnerMessages } from '@outils/contracts';
import { CaughtMail } from '@outils/server-testing';
import { PartnerReportService } from '../src/partner-reports/partner-report.service';
import { useApiAndWorker } from './support/api-and-worker';
// Test-only cross-app import: the real API next to the real worker.
import { pathOf } from '../../api/test/factories/downloads';

const to = (address: string) => (mail: CaughtMail) => mail.to.some((t) => t.address === address);
const APRIL_FIRST = new Date('2026-04-01T06:30:00Z');

/** docs/product/rules.md#R1001, #R1002: last month's report of each partner, through the outbox to a real SMTP server, once. */
describe('partners’ monthly reports (real API, worker and SMTP catcher)', () => {
  const stack = useApiAndWorker('partner-reports', { workerEnv: () => ({ DOWNLOAD_URL_SECRET: stack.api.config.downloads.secret }) });
  const tag = Date.now().toString(36);

  async function partner(name: string, createdAt: string, unsubscribed = false): Promise<{ id: string; email: string }> {
    const email = `rapport.${name.toLowerCase().replace(/\W+/g, '-')}.${tag}@partenaire.fr`;
    const [row] = await stack.dataSource.query(
      `INSERT INTO partner (name, website, contact_email, allowed_hosts, created_at, reports_unsubscribed_at)
       VALUES ($1, 'https://partenaire.fr', $2, '{partenaire.fr}', $3, $4) RETURNING id`,
      [`${name} ${tag}`, email, createdAt, unsubscribed ? new Date() : null],
    );
    return { id: row.id, email };
  }
  async function event(partnerId: string, kind: string, visitor: string, at: string, item = ''): Promise<void> {
    await stack.dataSource.query(
      `INSERT INTO partner_event (partner_id, kind, item, visitor, day, occurred_at) VALUES ($1, $2, $3, $4, ($5::timestamptz AT TIME ZONE 'Europe/Paris')::date, $5)`,
      [partnerId, kind, item, visitor, at],
    );
  }

  it('mails each subscribed partner its month once, with the CSV and the one-click way out, and nothing after it left', async () => {
    const cci = await partner('CCI', '2026-01-10T10:00:00Z');
    const gone = await partner('CMA partie', '2026-01-10T10:00:00Z', true);
    const late = await partner('Nouveau', '2026-04-01T05:00:00Z');
    await event(cci.id, 'view', 'v1', '2026-03-02T10:00:00Z');
    await event(cci.id, 'view', 'v1', '2026-03-02T11:00:00Z');
    await event(cci.id, 'view', 'v2', '2026-03-02T12:00:00Z');
    await event(cci.id, 'view', 'v1b', '2026-03-03T09:00:00Z');
    await event(cci.id, 'sheet', 'v1', '2026-03-02T10:01:00Z', '12');
    await event(cci.id, 'download', 'v1', '2026-03-02T10:02:00Z', '12');
    await event(cci.id, 'signup', 'v2', '2026-03-02T12:05:00Z');
    await event(cci.id, 'view', 'v3', '2026-04-01T05:30:00Z'); // April: not in March's report
    await event(gone.id, 'view', 'v9', '2026-03-02T10:00:00Z');

    const reports = stack.worker.get(PartnerReportService);
    expect((await reports.sendReports(APRIL_FIRST)).partners).toBeGreaterThanOrEqual(1);
    const mail = await stack.smtp.waitFor(to(cci.email));
    expect(mail.subject).toBe(`Outils — votre rapport de mars 2026 (CCI ${tag})`);
    expect(mail.text).toContain('Affichages de la sélection : 4 (visiteurs : 3)');
    expect(mail.text).toContain('Téléchargements : 1 (visiteurs : 1)');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.attachments?.map((a) => a.fileName)).toEqual(['outils-rapport-2026-03.csv']);
    const csv = (await stack.smtp.attachment(mail, 'outils-rapport-2026-03.csv')).toString('utf8');
    expect(csv).toBe(
      '\uFEFFMois;Affichages de la sélection;Visiteurs de la sélection;Fiches ouvertes;Visiteurs des fiches;Téléchargements;Visiteurs des téléchargements;Inscriptions;Visiteurs uniques\r\n' +
      '2026-03;4;3;1;1;1;1;1;3\r\n',
    );

    // Run again (another replica, the next morning): the month went once.
    expect((await reports.sendReports(APRIL_FIRST)).partners).toBe(0);
    expect((await reports.sendReports(new Date('2026-04-02T06:30:00Z'))).partners).toBe(0);
    const mails = await stack.smtp.all();
    expect(mails.filter(to(cci.email))).toHaveLength(1);
    expect(mails.filter(to(gone.email))).toHaveLength(0);
    expect(mails.filter(to(late.email))).toHaveLength(0);

    // One click (RFC 8058): the next month's report is not sent.
    const oneClick = /<([^>]+)>/.exec(mail.headers['list-unsubscribe'])![1];
    const forged = await request(stack.api.http).post(pathOf(oneClick).replace(/jeton=[^&]+/, 'jeton=faux')).expect(400);
    expect(forged.body).toEqual({ message: PartnerMessages.unsubscribeInvalid });
    const out = await request(stack.api.http).post(pathOf(oneClick)).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(out.body).toEqual({ message: PartnerMessages.unsubscribed });
    await reports.sendReports(new Date('2026-05-01T06:30:00Z'));
    await stack.smtp.waitFor(to(late.email));
    expect((await stack.smtp.all()).filter(to(cci.email))).toHaveLength(1);
  }, 120_000);
});
