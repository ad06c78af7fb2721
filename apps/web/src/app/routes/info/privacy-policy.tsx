import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { ContentPage } from '../../../components/layouts/content-page';
import { ContactLink, DemoNotice, WithPublisher } from '../../../features/site/components/publisher-info';

/** Privacy policy (docs/product/rules.md#R179, #R105: rights requests answered within 1 month; download logs anonymised after 13 months). */
export default function PrivacyPolicyPage() {
  return (
    <ContentPage
      title="Politique de confidentialité"
      description="Comment la plateforme Outils collecte, utilise et protège vos données personnelles, et comment exercer vos droits."
      intro={<p>Nous collectons le strict nécessaire pour faire fonctionner la plateforme, et rien de plus.</p>}
    >
      <DemoNotice />
      <h2>Responsable du traitement</h2>
      <WithPublisher>
        {(p) => (
          <p>
            Le responsable du traitement est {p.name}, {p.address}, éditrice de la plateforme Outils (voir les{' '}
            <Link to={WebRoutes.legalNotice}>mentions légales</Link>). Contact : <a href={`mailto:${p.email}`}>{p.email}</a>.
          </p>
        )}
      </WithPublisher>

      <h2>Données collectées et finalités</h2>
      <ul>
        <li>
          <strong>Compte utilisateur</strong> : nom, prénom, adresse e-mail, mot de passe (conservé sous forme chiffrée et non
          réversible), métier et secteur d’activité facultatifs. Finalité : gérer votre compte et vos favoris. Base légale :
          l’exécution des conditions générales d’utilisation.
        </li>
        <li>
          <strong>Newsletter</strong> : adresse e-mail, date et origine du consentement. Finalité : vous envoyer la newsletter.
          Base légale : votre consentement, que vous pouvez retirer à tout moment.
        </li>
        <li>
          <strong>Téléchargements</strong> : outil téléchargé et date. Finalité : mesurer l’intérêt pour chaque outil et améliorer
          le catalogue. Base légale : notre intérêt légitime.
        </li>
        <li>
          <strong>Mesure d’audience</strong> : statistiques de visite anonymes, sans cookie publicitaire.
        </li>
      </ul>

      <h2>Durées de conservation</h2>
      <ul>
        <li>Les données du compte sont conservées jusqu’à sa suppression ; un compte supprimé est effacé définitivement.</li>
        <li>L’adresse inscrite à la newsletter est conservée jusqu’à la désinscription.</li>
        <li>Les journaux de téléchargement sont anonymisés au bout de 13 mois : seul le nombre de téléchargements par outil est conservé.</li>
      </ul>

      <h2>Destinataires</h2>
      <p>
        Vos données sont destinées aux seules équipes de l’agence. Elles sont hébergées dans l’Union européenne par nos
        prestataires techniques (hébergement, envoi d’e-mails), qui agissent sur nos instructions. Elles ne sont jamais vendues.
      </p>

      <h2>Stockage dans votre navigateur</h2>
      <p>
        La plateforme enregistre dans votre navigateur (stockage local) votre jeton de session et votre adresse e-mail lorsque
        vous êtes connecté, ainsi que deux indicateurs évitant de vous reposer les mêmes questions (adresse déjà proposée au
        téléchargement, fenêtre de newsletter déjà vue). Ces informations sont effacées à la déconnexion ou avec les données
        de votre navigateur.
      </p>

      <h2>Vos droits</h2>
      <p>
        Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, d’opposition et de portabilité de vos
        données, ainsi que du droit de retirer votre consentement à tout moment. Vous pouvez modifier ou supprimer votre compte
        directement depuis votre profil, ou nous écrire à <ContactLink />.
      </p>
      <p>
        Nous répondons à chaque demande dans un délai d’un mois à compter de sa réception. Si vous estimez, après nous avoir
        contactés, que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (www.cnil.fr).
      </p>

      <h2>Sécurité</h2>
      <p>
        Les échanges avec la plateforme sont chiffrés, les mots de passe sont stockés sous une forme non réversible et les
        liens de téléchargement sont temporaires.
      </p>
    </ContentPage>
  );
}
