import { layoutMail, RenderedMail } from '../render-mail';

/** Sent to the former address once the new mailbox has followed its link (docs/product/rules.md#R761). */
export function renderEmailChangedMail(data: { firstName: string; newEmail: string }): RenderedMail {
  return {
    subject: 'Votre adresse e-mail Outils a changé',
    ...layoutMail({
      title: `Bonjour ${data.firstName},`,
      paragraphs: [
        `Petit message pour vous prévenir : l’adresse e-mail de votre compte Outils est désormais ${data.newEmail}.`,
        'Vous recevrez nos prochains e-mails à cette nouvelle adresse, et c’est elle qui vous servira à vous connecter.',
      ],
      after: [
        'C’est bien vous ? Alors tout est en ordre, vous n’avez rien à faire.',
        'Ce n’est pas vous ? Répondez vite à cet e-mail pour que nous sécurisions votre compte.',
      ],
    }),
  };
}
