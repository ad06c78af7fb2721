/** Messages of the catalogue, downloads, favourites, newsletter and tool administration. */
export const CatalogueMessages = {
  toolNotFound: 'Cet outil est introuvable.',
  downloadLinkInvalid: 'Ce lien de téléchargement n’est pas valide ou a expiré. Relancez le téléchargement depuis la fiche de l’outil.',
  newsletterRegistered: 'Merci ! Votre inscription à la newsletter est bien enregistrée.',
  toolCreated: 'L’outil a bien été créé.',
  toolUpdated: 'L’outil a bien été modifié.',
} as const;
