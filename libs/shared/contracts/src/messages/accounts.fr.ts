/** Messages of the account life cycle (docs/product/rules.md#R148; docs/product/api.md#accounts). */
export const AccountMessages = {
  signupDone: 'Votre compte a bien été créé ! Un e-mail de confirmation vous a été envoyé.',
  emailTaken: 'Un compte existe déjà avec cette adresse e-mail.',
  passwordRule: 'Le mot de passe doit contenir de 8 à 32 caractères, dont au moins 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial.',
  passwordMismatch: 'La confirmation ne correspond pas au mot de passe.',
  activityUnknown: 'Ce secteur d’activité n’existe pas.',
  loginWrongCredentials: 'Identifiants incorrects.',
  loginNotActivated: 'Votre compte n’est pas encore activé. Consultez l’e-mail de confirmation que nous vous avons envoyé.',
  activationResent: 'Si un compte non activé existe pour cette adresse, un nouvel e-mail d’activation vient d’être envoyé.',
  /** Exact text of docs/product/rules.md#R196 (account activation page). */
  activationDone: 'Compte activé avec succès',
  activationInvalid: 'Ce lien d’activation n’est plus valide. Si votre compte est déjà activé, connectez-vous ; sinon, demandez un nouvel e-mail d’activation.',
  /** The activation link opened again once the account is active. */
  activationAlreadyDone: 'Votre compte est déjà activé : vous pouvez vous connecter.',
  /** Exact text of docs/product/rules.md#R196. */
  activationMissingParams: "Vérifiez le lien ou recommencez l’opération.",
  /** The web's fallback (docs/product/screens.md) when activation fails without a server message. */
  activationFailed: "Erreur lors de l’activation du compte, veuillez réitérer plus tard.",
  forgotSent: 'Si un compte existe pour cette adresse, un e-mail de récupération vient d’être envoyé.',
  resetDone: 'Votre mot de passe a bien été modifié. Vous pouvez maintenant vous connecter.',
  resetInvalid: 'Ce lien de réinitialisation n’est plus valide : il a déjà servi ou il a expiré. Demandez-en un nouveau.',
  resetLinkValid: 'Ce lien de réinitialisation est valide.',
  logoutDone: 'Vous êtes déconnecté.',
  updateDone: 'Vos informations ont bien été enregistrées.',
  /** docs/product/rules.md#R55: a password change revokes every session, the caller's included. */
  updateDonePasswordChanged: 'Vos informations ont bien été enregistrées. Votre mot de passe a changé : merci de vous reconnecter.',
  oldPasswordRequired: 'Saisissez votre mot de passe actuel pour modifier votre e-mail ou votre mot de passe.',
  oldPasswordWrong: 'Le mot de passe actuel est incorrect.',
  /** Exact text of docs/product/rules.md#R62 (account deleted page). */
  deleteDone: 'Votre compte a bien été supprimé',
  deletePasswordRequired: 'Saisissez votre mot de passe pour supprimer votre compte.',
  /** Exact texts of docs/product/rules.md#R149, shown by the web when the server gives no message. */
  signupFailed: 'Aïe, il y a une erreur chez nous. Veuillez tenter une inscription ultérieurement. Si le problème persiste, contactez-nous',
  updateFailed: 'Aïe, il y a une erreur chez nous. Veuillez tenter une modification ultérieurement. Si le problème persiste, contactez-nous',
  deleteFailed: 'Une erreur est survenue lors de la suppression.',
  resendFailed: 'Une erreur s’est produite',
  /** docs/product/rules.md#R760: the address in force stays until the new mailbox follows its link. */
  emailChangeSent: (newEmail: string) =>
    `Vos informations ont bien été enregistrées. Pour changer d’adresse e-mail, suivez le lien que nous venons d’envoyer à ${newEmail} (valable 24 heures) : en attendant, votre compte garde son adresse actuelle.`,
  emailChangeSentPasswordChanged: (newEmail: string) =>
    `Vos informations ont bien été enregistrées. Votre mot de passe a changé : merci de vous reconnecter. Pour changer d’adresse e-mail, suivez le lien que nous venons d’envoyer à ${newEmail} (valable 24 heures).`,
  /** The new mailbox has had too many account mails lately (docs/product/rules.md#R763). */
  emailChangeTooMany: 'Cette adresse a reçu trop d’e-mails de notre part ces dernières heures. Réessayez plus tard.',
  emailChangeDone: 'Votre nouvelle adresse e-mail est confirmée : c’est désormais elle qui vous sert à vous connecter.',
  emailChangeInvalid: 'Ce lien de changement d’adresse n’est plus valide : il a déjà servi, il a expiré ou la demande a été annulée. Refaites la demande depuis votre profil.',
  emailChangeCancelled: 'La demande de changement d’adresse e-mail est annulée : votre compte garde son adresse actuelle.',
  emailChangeNothingPending: 'Aucun changement d’adresse e-mail n’est en attente.',
  /** docs/product/rules.md#R769: past the account's ceiling of failed logins, the password alone is refused for a while. */
  loginPasswordPaused:
    'Trop d’essais de mot de passe ont échoué sur ce compte : par prudence, le mot de passe seul ne suffit plus pour un moment. Recevez un lien de connexion par e-mail.',
  loginLinkSent: 'Si un compte existe pour cette adresse, un lien de connexion vient d’être envoyé. Il est valable 15 minutes.',
  loginLinkInvalid: 'Ce lien de connexion n’est plus valide : il a déjà servi ou il a expiré. Demandez-en un nouveau depuis la page de connexion.',
} as const;

/** French names of the account form fields, used in validation messages. */
export const AccountFieldLabels = {
  lastName: 'nom',
  firstName: 'prénom',
  mail: 'adresse e-mail',
  email: 'adresse e-mail',
  username: 'adresse e-mail',
  password: 'mot de passe',
  passwordConfirm: 'confirmation du mot de passe',
  oldPassword: 'mot de passe actuel',
  job: 'métier',
  activityArea: 'secteur d’activité',
  newsletter: 'newsletter',
  token: 'code du lien',
} as const;
