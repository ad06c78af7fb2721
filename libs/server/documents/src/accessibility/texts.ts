import type { CriterionText } from './report';

/**
 * The French texts of the accessibility criteria (docs/product/rules.md#R941): what is checked, its
 * reference, and how to fix it in the usual programs.
 */
export const CRITERIA: Record<string, CriterionText> = {
  readable: {
    label: 'Le document peut être lu',
    reference: 'RGAA 13.3',
    fix: 'Le fichier n’a pas pu être lu dans les limites permises (taille, mémoire ou durée) : enregistrez-le à nouveau depuis Word, LibreOffice ou Acrobat, avec des images moins lourdes, puis déposez-le.',
  },
  'pdf-tagged': {
    label: 'Le PDF est balisé (arbre de structure et MarkInfo)',
    reference: 'PDF/UA-1 § 7.1 ; RGAA 13.3',
    fix: 'Exportez le PDF avec l’option « PDF balisé » (Word : Enregistrer sous > PDF > Options > « Balises de structure du document » ; LibreOffice : Exporter au format PDF > « PDF balisé ») ou, dans Acrobat, Outils > Accessibilité > « Ajouter automatiquement des balises ».',
  },
  'pdf-language': {
    label: 'La langue du document est indiquée',
    reference: 'PDF/UA-1 § 7.2 ; RGAA 8.3',
    fix: 'Indiquez la langue « Français » : Word : Révision > Langue ; LibreOffice : Outils > Options > Paramètres linguistiques ; Acrobat : Fichier > Propriétés > Options avancées > Langue.',
  },
  'pdf-title': {
    label: 'Le titre du document s’affiche comme titre de la fenêtre',
    reference: 'PDF/UA-1 § 7.1 ; RGAA 8.5',
    fix: 'Renseignez le titre (Word : Fichier > Informations > Titre ; LibreOffice : Fichier > Propriétés > Description) et, dans Acrobat, Fichier > Propriétés > Vue initiale > Afficher « Titre du document ».',
  },
  'pdf-text': {
    label: 'Le texte est du vrai texte (pas une image numérisée)',
    reference: 'RGAA 13.3 ; WCAG technique PDF7',
    fix: 'Partez du document d’origine plutôt que d’un scan, ou passez la reconnaissance de caractères dans Acrobat : Outils > Numériser et OCR > « Reconnaître le texte ».',
  },
  'pdf-headings': {
    label: 'Les titres sont balisés comme titres',
    reference: 'PDF/UA-1 § 7.4 ; RGAA 9.1',
    fix: 'Appliquez les styles « Titre 1 », « Titre 2 »… dans Word ou LibreOffice avant l’export en PDF balisé, ou balisez les titres dans Acrobat (Outils > Accessibilité > Ordre de lecture).',
  },
  'pdf-figures': {
    label: 'Les images ont une alternative textuelle',
    reference: 'PDF/UA-1 § 7.3 ; RGAA 1.1',
    fix: 'Donnez un texte de remplacement à chaque image (Word ou LibreOffice : clic droit sur l’image > « Texte de remplacement ») ou, dans Acrobat, Outils > Accessibilité > « Définir un texte de remplacement ».',
  },
  'pdf-tables': {
    label: 'Les tableaux ont des cellules d’en-tête',
    reference: 'PDF/UA-1 § 7.5 ; RGAA 5.6',
    fix: 'Marquez la première ligne comme en-tête (Word : Propriétés du tableau > Ligne > « Répéter comme ligne d’en-tête » ; LibreOffice : Tableau > Propriétés > « Répéter le titre ») ou, dans Acrobat, l’éditeur de tableau de l’Ordre de lecture.',
  },
  'pdf-reading-order': {
    label: 'Tout le texte suit l’ordre de lecture de la structure',
    reference: 'PDF/UA-1 § 7.1 ; RGAA 10.3',
    fix: 'Du texte est hors de la structure : exportez à nouveau en PDF balisé depuis le document d’origine ou, dans Acrobat, vérifiez le panneau « Ordre » et balisez le contenu oublié.',
  },
  'pdf-ua': {
    label: 'Le PDF se déclare conforme PDF/UA',
    reference: 'PDF/UA-1 § 5 (pdfuaid:part)',
    fix: 'Exportez avec l’option PDF/UA (LibreOffice : Exporter au format PDF > « Universal Accessibility (PDF/UA) » ; Word : option « Document conforme PDF/UA ») ou contrôlez-le dans Acrobat avec « Vérification complète ».',
  },
  'docx-language': {
    label: 'La langue du document est indiquée',
    reference: 'RGAA 8.3',
    fix: 'Sélectionnez tout le texte puis Word : Révision > Langue > Français ; LibreOffice : Outils > Langue > Pour tout le texte > Français.',
  },
  'docx-title': {
    label: 'Le document a un titre dans ses propriétés',
    reference: 'RGAA 8.5',
    fix: 'Renseignez le titre : Word : Fichier > Informations > Propriétés > Titre ; LibreOffice : Fichier > Propriétés > Description > Titre.',
  },
  'docx-headings': {
    label: 'Les titres utilisent les styles de titre',
    reference: 'RGAA 9.1',
    fix: 'Appliquez les styles « Titre 1 », « Titre 2 »… aux titres (Word : Accueil > Styles ; LibreOffice : Styles > Titre 1) au lieu d’un texte simplement mis en gras ou agrandi.',
  },
  'docx-images': {
    label: 'Les images ont une alternative textuelle',
    reference: 'RGAA 1.1',
    fix: 'Clic droit sur l’image > « Texte de remplacement » (Word) ou « Propriétés > Options > Texte alternatif » (LibreOffice), et décrivez ce qu’elle apporte.',
  },
  'docx-tables': {
    label: 'Les tableaux ont une ligne d’en-tête',
    reference: 'RGAA 5.6',
    fix: 'Word : Propriétés du tableau > Ligne > « Répéter en haut de chaque page en tant que ligne d’en-tête » ; LibreOffice : Tableau > Propriétés > Enchaînements > « Répéter le titre ».',
  },
  'docx-text-boxes': {
    label: 'Le texte n’est pas uniquement dans des zones de texte',
    reference: 'RGAA 10.3',
    fix: 'Déplacez le texte des zones de texte dans le corps du document (couper, coller hors de la zone), les lecteurs d’écran les lisent mal ou pas du tout.',
  },
  'sheet-names': {
    label: 'Les feuilles portent un nom parlant',
    reference: 'RGAA 13.3 ; RGAA 8.5',
    fix: 'Renommez chaque feuille (double-clic sur l’onglet dans Excel ou LibreOffice Calc) d’après son contenu, au lieu de « Feuil1 » ou « Sheet1 ».',
  },
  'sheet-header-row': {
    label: 'Les données commencent par une ligne d’en-tête',
    reference: 'RGAA 5.6',
    fix: 'Mettez en première ligne un intitulé texte pour chaque colonne (Excel : Insertion > Tableau > « Mon tableau comporte des en-têtes » ; LibreOffice Calc : une première ligne de titres).',
  },
  'csv-header-row': {
    label: 'La première ligne nomme les colonnes',
    reference: 'RGAA 5.6',
    fix: 'Ajoutez en première ligne le nom de chaque colonne, un texte distinct par colonne, puis enregistrez à nouveau au format CSV.',
  },
  'image-alt': {
    label: 'L’image a une description textuelle',
    reference: 'RGAA 1.1',
    fix: 'Une image seule ne dit rien à un lecteur d’écran : déposez plutôt un document (Word ou PDF balisé) qui en donne le contenu en texte, ou faites-la accompagner d’une description textuelle complète.',
  },
};
