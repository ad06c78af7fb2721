import { layoutMail, oneClickUnsubscribeHeaders, RenderedMail } from '../render-mail';

export interface UpdateDigestTool {
  name: string;
  url: string;
  version: number;
  note: string | null;
}

/**
 * The day's digest of update alerts (docs/product/rules.md#R913): each tool the member uses that
 * has a new version, with its note and the address of its sheet; the one-click way out in the
 * headers and a visible one (docs/product/rules.md#R915).
 */
export function renderUpdateDigestMail(data: { firstName: string; tools: UpdateDigestTool[]; unsubscribeUrl: string; oneClickUrl: string }): RenderedMail {
  const one = data.tools.length === 1;
  return {
    subject: one ? `Nouvelle version : ${data.tools[0].name}` : `${data.tools.length} outils que vous utilisez ont une nouvelle version`,
    headers: oneClickUnsubscribeHeaders(data.oneClickUrl),
    ...layoutMail({
      title: `Bonjour ${data.firstName},`,
      paragraphs: [
        one ? 'Un outil que vous utilisez vient d’être mis à jour :' : 'Des outils que vous utilisez viennent d’être mis à jour :',
        ...data.tools.map((tool) =>
          [`${tool.name} — version ${tool.version}`, ...(tool.note ? [`Quoi de neuf ? ${tool.note}`] : []), `La fiche : ${tool.url}`].join('\n'),
        ),
      ],
      ...(one ? { action: { label: 'Télécharger la nouvelle version', url: data.tools[0].url } } : {}),
      after: ['Vous recevez cet e-mail parce que vous avez téléchargé ces outils, les avez en favoris ou dans un dossier. Un e-mail par jour au plus.'],
      unsubscribe: { label: 'Ne plus recevoir ces alertes', url: data.unsubscribeUrl },
    }),
  };
}
