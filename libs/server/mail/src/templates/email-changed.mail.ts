import { layoutMail, RenderedMail } from '../render-mail';

export function renderEmailChangedMail(data: { firstName: string; newEmail: string }): RenderedMail {
  return {
    subject: 'Votre adresse e-mail Outils a changé',
    ...layoutMail({
      title: `Bonjour ${data.firstName},`,
      paragraphs: [
        `L’adresse e-mail de votre compte Outils est désormais ${data.newEmail}.`,
        'Si vous n’êtes pas à l’origine de ce changement, contactez-nous sans attendre en répondant à cet e-mail.',
      ],
    }),
  };
}
