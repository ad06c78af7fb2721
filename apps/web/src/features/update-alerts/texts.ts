/** French texts of the update alerts and new versions (docs/product/rules.md#R910–R917). */
export const UpdateAlertTexts = {
  switchLabel: 'Me prévenir quand un outil que j’utilise est mis à jour',
  switchHint:
    'Un e-mail par jour au plus, quand un outil que vous avez téléchargé, mis en favori ou rangé dans un dossier a une nouvelle version. Activé par défaut ; vous pouvez le couper ici ou depuis chaque e-mail.',
  signupNotice:
    'Avec votre compte, nous vous prévenons par e-mail (un par jour au plus) quand un outil que vous utilisez est mis à jour. Vous pourrez couper ces alertes dans votre profil ou depuis chaque e-mail.',
  saveFailed: 'Votre choix n’a pas pu être enregistré. Réessayez dans un instant.',
  newVersionsTitle: 'Nouvelle version disponible',
  newVersionsIntro: 'Ces outils ont changé depuis que vous les avez téléchargés :',
  versionLine: (version: number, downloaded: number) => `Version ${version} (vous avez la version ${downloaded})`,
  whatsNew: 'Quoi de neuf ?',
  downloadLabel: (version: number) => `Télécharger la version ${version}`,
  unsubscribeTitle: 'Alertes de mise à jour',
  unsubscribeText: 'Vous ne voulez plus être prévenu par e-mail quand un outil que vous utilisez est mis à jour ?',
  unsubscribeButton: 'Ne plus recevoir ces alertes',
  unsubscribeMissing: 'Ce lien de désinscription est incomplet. Vous pouvez couper les alertes depuis votre profil.',
  unsubscribeFailed: 'La désinscription n’a pas abouti. Réessayez dans un instant.',
} as const;
