import { stringify } from 'csv-stringify/sync';
import type { PartnerReportMonth } from '@outils/contracts';
import { layoutMail, oneClickUnsubscribeHeaders, RenderedMail } from '../render-mail';

/** The French column titles of a partner's monthly CSV (docs/product/rules.md#R1001), in order. */
export const PARTNER_REPORT_COLUMNS = [
  'Mois', 'Affichages de la sélection', 'Visiteurs de la sélection', 'Fiches ouvertes', 'Visiteurs des fiches',
  'Téléchargements', 'Visiteurs des téléchargements', 'Inscriptions', 'Visiteurs uniques',
] as const;

/**
 * A partner's month as CSV, written like the admins' exports (docs/product/rules.md#R682): UTF-8 with
 * a BOM, `;`, CRLF, a header row in French, formulas neutralised.
 */
export function partnerReportCsv(month: PartnerReportMonth): string {
  const row = [month.month, month.views, month.viewVisitors, month.sheets, month.sheetVisitors, month.downloads, month.downloadVisitors, month.signups, month.visitors];
  return stringify([row], { bom: true, delimiter: ';', record_delimiter: 'windows', escape_formulas: true, header: true, columns: [...PARTNER_REPORT_COLUMNS] });
}

const monthName = (month: string) => new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

/**
 * A partner's monthly report (docs/product/rules.md#R1001): the month's figures in the text and as
 * a CSV attachment, with the one-click way out in the headers and a visible one (docs/product/rules.md#R1002).
 */
export function renderPartnerReportMail(data: {
  partnerName: string; figures: PartnerReportMonth; unsubscribeUrl: string; oneClickUrl: string;
}): RenderedMail {
  const f = data.figures;
  const month = monthName(f.month);
  return {
    subject: `Outils — votre rapport de ${month} (${data.partnerName})`,
    headers: oneClickUnsubscribeHeaders(data.oneClickUrl),
    attachments: [{ filename: `outils-rapport-${f.month}.csv`, content: partnerReportCsv(f), contentType: 'text/csv; charset=utf-8' }],
    ...layoutMail({
      title: 'Bonjour,',
      paragraphs: [
        `Voici ce que la sélection d’outils de ${data.partnerName} a apporté en ${month} :`,
        [
          `Affichages de la sélection : ${f.views} (visiteurs : ${f.viewVisitors})`,
          `Fiches ouvertes : ${f.sheets} (visiteurs : ${f.sheetVisitors})`,
          `Téléchargements : ${f.downloads} (visiteurs : ${f.downloadVisitors})`,
          `Inscriptions : ${f.signups}`,
          `Visiteurs uniques : ${f.visitors}`,
        ].join('\n'),
        'Les mêmes chiffres sont joints en CSV. Les robots, les doubles clics (même visiteur, même outil, moins de 30 secondes), les vérifications de lien sans téléchargement et les liens réutilisés ne sont pas comptés ; un visiteur est compté une fois par jour.',
      ],
      after: ['Vous recevez cet e-mail parce que votre organisation propose une sélection d’Outils sur son site. Un e-mail par mois.'],
      unsubscribe: { label: 'Ne plus recevoir ce rapport', url: data.unsubscribeUrl },
    }),
  };
}
