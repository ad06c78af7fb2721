import { FolderWebRoutes } from '@outils/contracts';

/**
 * Said on /login to a visitor the login guard sent there from a members' page, so that the page
 * does not look like a dead end (docs/product/rules.md#R726).
 */
export function guardedPageNotice(from: string): string {
  if (from === FolderWebRoutes.folders || from.startsWith(`${FolderWebRoutes.folders}/`)) {
    return 'Les dossiers de téléchargement sont réservés aux membres : connectez-vous pour composer les vôtres, ou créez votre compte gratuit avec « Je m’inscris ».';
  }
  return 'Cette page est réservée aux membres : connectez-vous pour y accéder, ou créez votre compte gratuit avec « Je m’inscris ».';
}

/** The one-time login link by e-mail (docs/product/rules.md#R770). */
export const LoginLinkTexts = {
  send: 'Recevoir un lien de connexion par e-mail',
  title: 'Se connecter avec le lien reçu par e-mail',
  lead: (email: string) => `Vous allez vous connecter à Outils avec l’adresse ${email}. Ce lien ne sert qu’une fois.`,
  action: 'Me connecter',
  done: 'Vous êtes connecté grâce au lien reçu par e-mail.',
  failed: 'Une erreur s’est produite. Vérifiez votre connexion puis réessayez.',
} as const;
