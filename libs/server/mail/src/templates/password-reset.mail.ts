import { layoutMail, RenderedMail } from '../render-mail';

/** "J'ai oublié mon mot de passe" (docs/product/rules.md#R764, docs/product/rules.md#R63); the link is valid 1 hour, single use. */
export function renderPasswordResetMail(data: { firstName: string; resetUrl: string }): RenderedMail {
  return {
    subject: 'Réinitialisez votre mot de passe Outils',
    ...layoutMail({
      title: `Bonjour ${data.firstName},`,
      paragraphs: [
        'Pas de panique, ça arrive à tout le monde ! Vous avez demandé à réinitialiser le mot de passe de votre compte Outils.',
        'Cliquez sur le bouton ci-dessous pour en choisir un nouveau. Ce lien est valable 1 heure et ne sert qu’une fois.',
      ],
      action: { label: 'Choisir un nouveau mot de passe', url: data.resetUrl },
      after: [
        'Pour votre sécurité, toutes vos sessions ouvertes seront fermées : il suffira de vous reconnecter avec le nouveau mot de passe.',
        'Vous n’avez rien demandé ? Ignorez cet e-mail : votre mot de passe actuel reste valable.',
      ],
    }),
  };
}
