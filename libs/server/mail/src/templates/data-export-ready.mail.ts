import { layoutMail, RenderedMail } from '../render-mail';

/** 'Télécharger mes données' for a large history: the file is ready, its link valid 24 h (docs/product/rules.md#R968). */
export function renderDataExportReadyMail(data: { downloadUrl: string }): RenderedMail {
  return {
    subject: 'Vos données Outils sont prêtes',
    ...layoutMail({
      title: 'Vos données sont prêtes',
      paragraphs: [
        'Vous avez demandé une copie de vos données depuis votre profil Outils : votre profil, vos consentements, vos favoris, vos dossiers, vos téléchargements, vos résultats de diagnostic et votre historique de newsletter.',
        'Le fichier (un ZIP avec un JSON complet et des tableaux CSV) vous attend derrière le bouton ci-dessous. Le lien est valable 24 heures ; ensuite, demandez un nouveau fichier depuis votre profil.',
      ],
      action: { label: 'Télécharger mes données', url: data.downloadUrl },
      after: ['Vous n’êtes pas à l’origine de cette demande ? Changez votre mot de passe et répondez à cet e-mail : nous vérifierons votre compte.'],
    }),
  };
}
