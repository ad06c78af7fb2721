import { Link } from 'react-router';
import { PARTNER_EVENTS_KEPT_MONTHS, WebPagePaths, type PartnerReportMonth } from '@outils/contracts';
import { MessageBox } from '../../../components/ui/message-box';
import { Spinner } from '../../../components/ui/spinner';
import { asApiError } from '../../../lib/api-error';
import { usePartnerReportQuery } from '../api/partners.api';
import { PartnerTexts as T } from '../texts';
import styles from './partners.module.css';

const number = new Intl.NumberFormat('fr-FR');
const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** « mars 2026 » for `2026-03`. */
export const frenchMonth = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

const COLUMNS: ReadonlyArray<[keyof PartnerReportMonth, string]> = [
  ['views', 'Affichages de la sélection'], ['viewVisitors', 'Visiteurs de la sélection'], ['sheets', 'Fiches ouvertes'],
  ['sheetVisitors', 'Visiteurs des fiches'], ['downloads', 'Téléchargements'], ['downloadVisitors', 'Visiteurs des téléchargements'],
  ['signups', 'Inscriptions'], ['visitors', 'Visiteurs uniques'],
];

/** /admin/partners/:id/rapport (docs/product/rules.md#R1000): a partner's figures per month, newest first. */
export function PartnerReportPage({ partnerId }: { partnerId: string }) {
  const { data, isLoading, error } = usePartnerReportQuery(partnerId);
  return (
    <div className={styles.page}>
      <title>{`${data ? T.reportTitle(data.partner.name) : 'Rapport du partenaire'} — Outils`}</title>
      <p>
        <Link to={WebPagePaths.adminPartners}>{T.backToPartners}</Link>
      </p>
      <h1>{data ? T.reportTitle(data.partner.name) : 'Rapport du partenaire'}</h1>
      {isLoading ? <Spinner label="Chargement du rapport…" /> : null}
      {error ? <MessageBox tone="error">{asApiError(error).message ?? T.reportFailed}</MessageBox> : null}
      {data ? (
        <>
          <p>{T.reportIntro}</p>
          <p>{T.reportKept(PARTNER_EVENTS_KEPT_MONTHS)}</p>
          <p>{data.reportsUnsubscribed ? T.reportUnsubscribed : T.reportMailed}</p>
          {data.months.length === 0 ? <p>{T.reportEmpty}</p> : (
            <div className={styles.tableScroll}>
              <table className={styles.table}>
                <caption>{T.reportTable}</caption>
                <thead>
                  <tr>
                    <th scope="col">Mois</th>
                    {COLUMNS.map(([key, label]) => <th scope="col" key={key}>{label}</th>)}
                  </tr>
                </thead>
                <tbody>
                  {data.months.map((month) => (
                    <tr key={month.month}>
                      <th scope="row">{frenchMonth(month.month)}</th>
                      {COLUMNS.map(([key]) => <td key={key}>{number.format(month[key] as number)}</td>)}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
