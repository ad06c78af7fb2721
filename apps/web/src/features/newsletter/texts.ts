/** 'Je m’abonne' with no address in the popup (docs/product/rules.md#R728). */
export const NEWSLETTER_EMAIL_MISSING = 'Saisissez votre adresse e-mail pour vous abonner.';
/** Said under the consent box when an e-mail is given without it. */
export const NEWSLETTER_CONSENT_REQUIRED = 'Cochez cette case pour vous abonner : sans votre accord, nous ne vous écrirons pas.';
export const NEWSLETTER_FAILED = 'L’inscription n’a pas pu être enregistrée. Réessayez dans quelques instants.';
/** A link page whose call failed without a message (network, server). */
export const NEWSLETTER_LINK_FAILED = 'Nous n’avons pas pu traiter ce lien pour le moment. Réessayez dans quelques instants.';
