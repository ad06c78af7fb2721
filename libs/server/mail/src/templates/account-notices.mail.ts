import { layoutMail, RenderedMail } from '../render-mail';

/** To the owner after a password change on the profile or a reset by link (docs/product/rules.md#R766). */
export function renderPasswordChangedMail(data: { firstName: string; how: 'profile' | 'reset' }): RenderedMail {
  return {
    subject: 'Votre mot de passe Outils a changé',
    ...layoutMail({
      title: `Bonjour ${data.firstName},`,
      paragraphs: [
        data.how === 'reset'
          ? 'Le mot de passe de votre compte Outils vient d’être réinitialisé avec le lien « Mot de passe oublié ».'
          : 'Le mot de passe de votre compte Outils vient d’être modifié depuis votre profil.',
        'Toutes vos sessions ouvertes ont été fermées : reconnectez-vous avec le nouveau mot de passe.',
      ],
      after: ['Ce n’est pas vous ? Demandez tout de suite un nouveau mot de passe depuis la page de connexion, avec « Mot de passe oublié ».'],
    }),
  };
}

/** To the former owner once the account is deleted (docs/product/rules.md#R766). */
export function renderAccountDeletedMail(data: { firstName: string }): RenderedMail {
  return {
    subject: 'Votre compte Outils a été supprimé',
    ...layoutMail({
      title: `Bonjour ${data.firstName},`,
      paragraphs: [
        'Votre compte Outils vient d’être supprimé, avec vos favoris, vos dossiers et vos diagnostics. Vous ne recevrez plus d’e-mail de notre part pour ce compte.',
        'Vous pourrez créer un nouveau compte quand vous voudrez.',
      ],
      after: ['Ce n’est pas vous ? Répondez vite à cet e-mail pour nous le signaler.'],
    }),
  };
}

/**
 * A one-time login link (docs/product/rules.md#R770), asked from the login page when the
 * password alone is refused for a while; valid 15 minutes.
 */
export function renderLoginLinkMail(data: { firstName: string; loginUrl: string }): RenderedMail {
  return {
    subject: 'Votre lien de connexion à Outils',
    ...layoutMail({
      title: `Bonjour ${data.firstName},`,
      paragraphs: [
        'Vous avez demandé à vous connecter à Outils par e-mail. Cliquez sur le bouton ci-dessous : ce lien est valable 15 minutes et ne sert qu’une fois.',
        'Beaucoup d’essais de mot de passe ont échoué sur votre compte ces dernières minutes ; par prudence, le mot de passe seul ne suffit plus pour un moment.',
      ],
      action: { label: 'Me connecter', url: data.loginUrl },
      after: ['Vous n’avez rien demandé ? Ignorez cet e-mail ; si vous le pouvez, choisissez un mot de passe plus long depuis votre profil.'],
    }),
  };
}
