import { layoutMail, RenderedMail } from '../render-mail';

/** Sent after sign-up and on "Renvoyer l'email d'activation" (docs/product/rules.md#R765, docs/product/rules.md#R63); the link is valid 48 h. */
export function renderActivationMail(data: { firstName: string; activationUrl: string }): RenderedMail {
  return {
    subject: 'Activez votre compte Outils',
    ...layoutMail({
      title: `Bienvenue ${data.firstName} !`,
      paragraphs: [
        'Merci de rejoindre Outils, la bibliothèque la plus cool pour digitaliser votre activité vous-même.',
        'Il ne reste qu’une étape : confirmez votre adresse e-mail en cliquant sur le bouton ci-dessous. Ce lien est valable 48 heures et ne sert qu’une fois.',
        'Une fois votre compte activé, vous pourrez garder vos outils préférés dans vos favoris et les retrouver à tout moment.',
      ],
      action: { label: 'Activer mon compte', url: data.activationUrl },
      after: [
        'Le lien a expiré ? Demandez-en un nouveau depuis la page de connexion, avec « Renvoyer l’e-mail d’activation ».',
        'Vous n’êtes pas à l’origine de cette inscription ? Ignorez simplement cet e-mail : aucun compte ne sera activé.',
      ],
    }),
  };
}
