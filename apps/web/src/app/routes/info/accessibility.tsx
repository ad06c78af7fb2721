import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { ContentPage } from '../../../components/layouts/content-page';
import { ContactLink, DemoNotice } from '../../../features/site/components/publisher-info';
import { NonConformingDocuments } from '../../../features/tools/components/non-conforming-documents';

/** The date the statement was written and the tests below were last run in full. */
const STATEMENT_DATE = '23 novembre 2026';

/**
 * The accessibility statement in the form of the RGAA (docs/product/rules.md#R410): conformance
 * status, the tests run, the known limits, how to reach us, the date; linked from the footer.
 */
export default function AccessibilityPage() {
  return (
    <ContentPage
      title="Déclaration d’accessibilité"
      description="Déclaration d’accessibilité de la plateforme Outils : état de conformité au RGAA, tests réalisés, limites connues et contact."
    >
      <DemoNotice />
      <p>
        L’éditeur de la plateforme Outils s’engage à rendre son site accessible à toutes et à tous, conformément à l’article 47 de la
        loi n° 2005-102 du 11 février 2005. Cette déclaration s’applique au site Outils (bibliothèque d’outils, fiches, espace membre
        et administration).
      </p>

      <h2>État de conformité</h2>
      <p>
        Le site Outils est <strong>partiellement conforme</strong> avec le référentiel général d’amélioration de l’accessibilité
        (RGAA), version 4.1.2 : aucun audit complet des 106 critères par un organisme indépendant n’a encore été mené ; les contrôles
        ci-dessous sont ceux que l’équipe réalise elle-même à chaque version.
      </p>

      <h2>Tests réalisés</h2>
      <ul>
        <li>
          Un audit automatique avec axe-core (règles WCAG 2.1 niveaux A et AA) sur chacune des pages du site, en invité, en membre et en
          administrateur, à chaque version : aucune anomalie sérieuse ou critique n’est acceptée.
        </li>
        <li>
          Des parcours complets au clavier seul : recherche et filtres, fiche d’un outil, téléchargement, favoris, dossiers, formulaires
          de compte et d’administration, fenêtres de dialogue (piège du focus et retour du focus à la fermeture).
        </li>
        <li>La visibilité et le contraste de l’indicateur de focus de chaque élément interactif.</li>
        <li>L’affichage sur téléphone (320 pixels de large) et avec un zoom du texte à 200 %.</li>
        <li>Lighthouse (catégorie accessibilité) sur l’accueil, la liste des outils et une fiche.</li>
      </ul>
      <p>Environnement de test : Chromium récent sous Linux, avec les technologies d’assistance intégrées au navigateur.</p>

      <h2>Limites connues</h2>
      <ul>
        <li>Certains fichiers téléchargeables ne sont pas encore accessibles : leur liste, tenue à jour par la vérification automatique de chaque fichier, suit.</li>
        <li>Les images de présentation des outils ont un texte de remplacement générique (le nom de l’outil et le numéro de l’image).</li>
        <li>Aucun test n’a encore été mené avec un lecteur d’écran (NVDA, JAWS ou VoiceOver) par des personnes qui l’utilisent au quotidien.</li>
      </ul>

      <NonConformingDocuments />

      <h2>Retour d’information et contact</h2>
      <p>
        Si vous n’arrivez pas à accéder à un contenu ou à un service, écrivez-nous à <ContactLink /> : nous vous répondrons et vous
        proposerons une autre façon d’obtenir l’information.
      </p>

      <h2>Voies de recours</h2>
      <p>
        Si vous nous avez signalé un défaut d’accessibilité sans obtenir de réponse satisfaisante, vous pouvez écrire au Défenseur des
        droits (<a href="https://formulaire.defenseurdesdroits.fr/">formulaire en ligne</a>) ou par courrier gratuit, sans
        affranchissement : Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07.
      </p>

      <h2>Date</h2>
      <p>
        Déclaration établie le {STATEMENT_DATE}. Voir aussi les <Link to={WebRoutes.legalNotice}>mentions légales</Link>.
      </p>
    </ContentPage>
  );
}
