import { layoutMail, oneClickUnsubscribeHeaders, RenderedMail } from '../render-mail';

/**
 * The double opt-in mail (docs/product/rules.md#R451): the address is subscribed only once its
 * button is followed; valid 30 days. Like every newsletter mail it carries the one-click
 * unsubscribe headers and a visible way out (docs/product/rules.md#R744).
 */
export function renderNewsletterConfirmationMail(data: { confirmUrl: string; unsubscribeUrl: string; oneClickUrl: string }): RenderedMail {
  return {
    subject: 'Confirmez votre inscription à la newsletter Outils',
    headers: oneClickUnsubscribeHeaders(data.oneClickUrl),
    ...layoutMail({
      title: 'Encore un clic et c’est bon !',
      paragraphs: [
        'Vous avez demandé à recevoir la newsletter d’Outils : un nouvel outil chaque mois et des conseils pour digitaliser votre activité.',
        'Pour confirmer que cette adresse est bien la vôtre, cliquez sur le bouton ci-dessous. Le lien est valable 30 jours ; sans confirmation, nous effaçons votre adresse.',
      ],
      action: { label: 'Confirmer mon inscription', url: data.confirmUrl },
      after: [
        'Vous n’êtes pas à l’origine de cette demande ? Ignorez simplement cet e-mail : vous ne recevrez rien d’autre.',
      ],
      unsubscribe: { label: 'Ne plus recevoir nos e-mails', url: data.unsubscribeUrl },
    }),
  };
}
