export const MyDataTexts = {
  downloadsTitle: 'Mes téléchargements',
  downloadsIntro: 'Les outils que vous avez téléchargés en étant connecté, du plus récent au plus ancien. Retrouvez leur fiche ou téléchargez-les à nouveau.',
  downloadsEmpty: 'Vous n’avez encore téléchargé aucun outil en étant connecté. Parcourez la bibliothèque pour trouver votre premier outil !',
  downloadsRetention: 'Pour protéger votre vie privée, votre nom est retiré de chaque téléchargement au bout de 13 mois : il disparaît alors de cette liste.',
  downloadsFailed: 'Votre historique n’a pas pu être chargé. Réessayez dans quelques instants.',
  exportTitle: 'Télécharger mes données',
  exportIntro: 'Un fichier ZIP avec tout ce que nous gardons sur vous : votre profil, vos consentements, vos favoris, vos dossiers, vos téléchargements, vos résultats de diagnostic, vos avis sur les outils et votre historique de newsletter (un JSON complet et des tableaux CSV).',
  exportButton: 'Télécharger mes données',
  exportReady: 'Votre fichier est prêt : le téléchargement démarre.',
  exportFallback: 'Le téléchargement ne démarre pas ? Utilisez ce lien (valable 10 minutes)',
  exportFailed: 'Le fichier n’a pas pu être préparé. Réessayez dans quelques instants.',
} as const;
