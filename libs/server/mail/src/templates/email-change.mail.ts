import { layoutMail, RenderedMail } from '../render-mail';

/**
 * Sent to the new address of an e-mail change (docs/product/rules.md#R760): nothing moves until
 * its owner follows the link, valid 24 hours, single use.
 */
export function renderEmailChangeConfirmMail(data: { firstName: string; confirmUrl: string }): RenderedMail {
  return {
    subject: 'Confirmez votre nouvelle adresse e-mail Outils',
    ...layoutMail({
      title: `Bonjour ${data.firstName},`,
      paragraphs: [
        'Vous avez demandé que votre compte Outils utilise désormais cette adresse e-mail.',
        'Cliquez sur le bouton ci-dessous pour le confirmer. Ce lien est valable 24 heures et ne sert qu’une fois ; d’ici là, votre compte garde son adresse actuelle.',
      ],
      action: { label: 'Confirmer ma nouvelle adresse', url: data.confirmUrl },
      after: ['Vous n’avez rien demandé ? Ignorez cet e-mail : aucun compte n’utilisera votre adresse.'],
    }),
  };
}

/** Sent to the address in force when a change is asked (docs/product/rules.md#R760), before anything moves. */
export function renderEmailChangeRequestedMail(data: { firstName: string; newEmail: string }): RenderedMail {
  return {
    subject: 'Demande de changement de votre adresse e-mail Outils',
    ...layoutMail({
      title: `Bonjour ${data.firstName},`,
      paragraphs: [
        `Une demande vient d’être faite pour que votre compte Outils utilise l’adresse ${data.newEmail} à la place de celle-ci.`,
        'Rien ne change tant que le lien envoyé à cette nouvelle adresse n’a pas été suivi. Vous pouvez annuler la demande depuis votre profil, dans « Modifier mon compte ».',
      ],
      after: ['Ce n’est pas vous ? Annulez la demande depuis votre profil et changez votre mot de passe.'],
    }),
  };
}
