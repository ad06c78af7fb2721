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
