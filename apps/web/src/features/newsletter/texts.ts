/** Said under the consent box when an e-mail is given without it. */
export const NEWSLETTER_CONSENT_REQUIRED = 'Cochez cette case pour vous abonner : sans votre accord, nous ne vous écrirons pas.';
export const NEWSLETTER_FAILED = 'L’inscription n’a pas pu être enregistrée. Réessayez dans quelques instants.';
/** A link page whose call failed without a message (network, server). */
export const NEWSLETTER_LINK_FAILED = 'Nous n’avons pas pu traiter ce lien pour le moment. Réessayez dans quelques instants.';

/** The pages of the mails' links: what they will do, the button that does it, and the outcome's title (docs/product/rules.md#R744). */
export const NewsletterLinkTexts = {
  confirm: {
    title: 'Confirmez votre inscription',
    lead: 'Un dernier clic pour recevoir la newsletter d’Outils : un nouvel outil chaque mois et des conseils pour digitaliser votre activité.',
    action: 'Confirmer mon inscription',
    done: 'Inscription confirmée',
  },
  unsubscribe: {
    title: 'Se désinscrire de la newsletter',
    lead: 'Vous ne recevrez plus nos e-mails. Vous pourrez vous réinscrire à tout moment.',
    action: 'Me désinscrire',
    done: 'Désinscription confirmée',
  },
} as const;
