import { layoutMail, RenderedMail } from '../render-mail';

export function renderActivationMail(data: { firstName: string; activationUrl: string }): RenderedMail {
  return {
    subject: 'Activez votre compte Outils',
    ...layoutMail({
      title: `Bienvenue ${data.firstName} !`,
      paragraphs: [
        'Merci de votre inscription sur Outils, la bibliothèque la plus cool pour digitaliser votre activité vous-même.',
        'Pour activer votre compte, il suffit de cliquer sur le bouton ci-dessous. Ce lien est valable 48 heures.',
        'Si vous n’êtes pas à l’origine de cette inscription, ignorez simplement cet e-mail.',
      ],
      action: { label: 'Activer mon compte', url: data.activationUrl },
    }),
  };
}
