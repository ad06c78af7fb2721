/** Texts of the account screens, verbatim (docs/product/rules.md#R149, docs/product/screens.md). */
export const AccountTexts = {
  /** The profile's newsletter switch while the address waits for its confirmation (docs/product/rules.md#R456). */
  newsletterPending: 'En attente de confirmation : nous vous avons envoyé un e-mail, cliquez sur son lien pour recevoir la newsletter (valable 30 jours).',
  signupFailed: 'Aïe, il y a une erreur chez nous. Veuillez tenter une inscription ultérieurement. Si le problème persiste, contactez-nous',
  updateFailed: 'Aïe, il y a une erreur chez nous. Veuillez tenter une modification ultérieurement. Si le problème persiste, contactez-nous',
  deleteFailed: 'Une erreur est survenue lors de la suppression.',
  genericFailed: 'Une erreur est survenue',
  activationFailed: "Erreur lors de l’activation du compte, veuillez réitérer plus tard.",
  linkParamsMissing: "Vérifiez le lien ou recommencez l’opération.",
  /** docs/product/rules.md#R762: the profile while an e-mail change waits for its link. */
  emailPending: (pending: string, current: string) =>
    `Changement d’adresse en attente : nous avons envoyé un lien à ${pending}. Votre compte garde l’adresse ${current} tant que ce lien n’a pas été suivi (il est valable 24 heures).`,
  emailPendingCancel: 'Annuler le changement d’adresse',
  /** docs/product/rules.md#R761: the new mailbox's link page acts on its button only. */
  emailConfirmTitle: 'Confirmer ma nouvelle adresse e-mail',
  emailConfirmLead: (email: string) => `Votre compte Outils utilisera désormais l’adresse ${email} pour vous connecter et vous écrire.`,
  emailConfirmAction: 'Confirmer ma nouvelle adresse',
  emailConfirmDoneTitle: 'Votre nouvelle adresse est confirmée',
  emailConfirmFailed: 'Erreur lors du changement d’adresse, veuillez réessayer plus tard.',
} as const;

/** Client-side messages of the account forms. */
export const AccountFieldMessages = {
  lastNameRequired: 'Saisissez votre nom.',
  firstNameRequired: 'Saisissez votre prénom.',
  mailRequired: 'Saisissez votre adresse e-mail.',
  passwordRequired: 'Saisissez un mot de passe.',
  passwordRule: 'Le mot de passe doit contenir de 8 à 32 caractères, dont au moins 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial.',
  passwordConfirmRequired: 'Confirmez le mot de passe.',
  consentRequired: "Cochez cette case pour accepter les conditions d’utilisation et la politique de confidentialité.",
  oldPasswordRequired: 'Saisissez votre mot de passe actuel pour modifier votre e-mail ou votre mot de passe.',
  deletePasswordRequired: 'Saisissez votre mot de passe pour supprimer votre compte.',
} as const;

/** The synthetic first activity option (docs/product/rules.md#R59). */
export const NO_ACTIVITY = { value: 'null', label: 'Aucun' } as const;
