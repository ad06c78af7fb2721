import { layoutMail, RenderedMail } from '../render-mail';

export function renderPasswordResetMail(data: { firstName: string; resetUrl: string }): RenderedMail {
  return {
    subject: 'Ré-initialisez votre mot de passe Outils',
    ...layoutMail({
      title: `Bonjour ${data.firstName},`,
      paragraphs: [
        'Vous avez demandé à ré-initialiser votre mot de passe. Cliquez sur le bouton ci-dessous pour en choisir un nouveau. Ce lien est valable 1 heure et ne sert qu’une fois.',
        'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe actuel reste valable.',
      ],
      action: { label: 'Choisir un nouveau mot de passe', url: data.resetUrl },
    }),
  };
}
