import { Link } from 'react-router';
import { PARTNER_EVENTS_KEPT_MONTHS, PersonalDataWebRoutes, PlanLimits, SearchLimits, WebRoutes } from '@outils/contracts';
import { ContentPage } from '../../../components/layouts/content-page';
import { ContactLink, DemoNotice, WithPublisher, WithRetention } from '../../../features/site/components/publisher-info';

/**
 * Privacy policy (docs/product/rules.md#R179: rights requests answered within 1 month). What is kept, why and
 * for how long, with the periods housekeeping really applies, read from the server (docs/product/rules.md#R480).
 */
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
          <strong>Newsletter</strong> : adresse e-mail et preuve de votre consentement (date, formulaire d’origine, texte affiché
          à côté de la case cochée, adresse IP), puis dates de confirmation et de désinscription. Votre inscription ne compte
          qu’une fois confirmée par le lien reçu par e-mail (double confirmation). Finalité : vous envoyer la newsletter et
          pouvoir prouver votre accord. Base légale : votre consentement, que vous pouvez retirer à tout moment en un clic
          (lien « Ne plus recevoir nos e-mails » de chaque e-mail, ou interrupteur de votre profil). Votre adresse est transmise
          à notre prestataire d’envoi de la newsletter (Mailjet) une fois l’inscription confirmée, et retirée de sa liste à la
          désinscription.
        </li>
        <li>
          <strong>Téléchargements</strong> : outil téléchargé, date et, si vous êtes connecté ou l’avez indiquée, votre adresse.
          Finalité : mesurer l’intérêt pour chaque outil, améliorer le catalogue et vous permettre de retrouver vos
          téléchargements. Base légale : notre intérêt légitime. Aucune adresse IP n’est conservée. Chaque téléchargement
          garde aussi la version de l’outil que vous avez reçue, pour vous signaler une version plus récente dans « Mes
          téléchargements ».
        </li>
        <li>
          <strong>Alertes de mise à jour</strong> (membres) : votre choix « Me prévenir quand un outil que j’utilise est mis à
          jour » (activé par défaut, dit à l’inscription), le jour du dernier e-mail d’alerte et la date de la dernière version
          qu’il annonçait. Finalité : vous envoyer au plus un e-mail par jour sur les outils que vous avez téléchargés, mis en
          favori ou rangés dans un dossier, et jamais deux fois la même nouvelle. Base légale : notre intérêt légitime à vous
          informer sur les outils que vous utilisez ; vous pouvez vous y opposer à tout moment, depuis votre profil ou en un clic
          depuis chaque e-mail (« Ne plus recevoir ces alertes »).
        </li>
        <li>
          <strong>Avis « Cet outil vous a-t-il aidé ? »</strong> : votre réponse (Oui ou Non), votre commentaire facultatif et
          leur date, rattachés à votre compte si vous êtes connecté ; sinon à une clé tirée au hasard par votre navigateur
          (nous n’en gardons qu’une empreinte), avec la preuve que ce navigateur a téléchargé l’outil. Finalité : savoir quels
          outils aident vraiment et les améliorer. Les commentaires sont lus par l’équipe et jamais publiés. Si vous êtes
          connecté et avez indiqué votre secteur d’activité, vos réponses « Oui » servent aussi à recommander l’outil aux
          autres membres de votre secteur dans « Pour vous », seulement comptées avec celles d’au moins deux autres
          entreprises (« Utile à 3 entreprises de votre secteur ») : ni votre nom ni votre commentaire ne leur sont montrés.
          Une réponse « Non » retire l’outil de vos propres recommandations. Base légale : notre intérêt légitime. Aucune
          adresse IP n’est conservée.
        </li>
        <li>
          <strong>Plan suivi</strong> (membres, si vous choisissez « Suivre ce plan ») : les outils de votre plan, vos réponses
          (Fait, Pas encore, Pas utile) et leur date, les scores par axe du diagnostic de départ, les semaines déjà rappelées par
          e-mail et, le cas échéant, la date de votre désabonnement. Finalité : vous rappeler l’étape suivante chaque semaine,
          8 semaines au plus, et vous montrer vos progrès ; les administrateurs n’en voient que des totaux et des médianes.
          Base légale : votre demande (vous pouvez arrêter les e-mails en un clic depuis chacun d’eux).
        </li>
        <li>
          <strong>Recherches dans la bibliothèque</strong> : le texte cherché, sans accents ni majuscules, le jour, le nombre
          de résultats et si un résultat a été ouvert — jamais qui a cherché (ni compte, ni adresse, ni adresse IP) ; un texte
          qui contient une adresse e-mail ou un numéro n’est pas gardé. Finalité : savoir ce qui manque à la bibliothèque.
          Base légale : notre intérêt légitime.
        </li>
        <li>
          <strong>Visites venues d’un site partenaire</strong> (chambre de commerce, cabinet comptable… qui affiche une
          sélection d’outils sur son site) : l’affichage de cette sélection, les fiches ouvertes, les téléchargements et les
          inscriptions venus de ses liens, avec le jour et l’heure, l’outil concerné et une empreinte de visiteur calculée
          à partir de votre réseau et de votre navigateur avec une valeur tirée au hasard chaque jour, jamais déduite d’une
          clé que nous gardons, et effacée dans la nuit qui suit — ni votre adresse IP ni votre navigateur ne sont conservés,
          et une fois cette valeur effacée personne, pas même nous, ne peut retrouver à qui correspond une empreinte ni vous
          suivre d’un jour à l’autre. Finalité : donner à chaque partenaire des chiffres honnêtes (robots et doubles clics
          écartés) sur ce que sa sélection apporte ; il ne reçoit que des totaux par mois. Base légale : notre intérêt
          légitime.
        </li>
        <li>
          <strong>Mesure d’audience</strong> : statistiques de visite anonymes, sans cookie publicitaire.
        </li>
      </ul>

      <h2>Durées de conservation</h2>
      <p>Ces durées sont appliquées automatiquement, chaque nuit (chaque heure pour les inscriptions non activées).</p>
      <WithRetention>
        {(r) => (
          <ul>
            <li>
              Les données du compte sont conservées jusqu’à sa suppression. Un compte supprimé est effacé immédiatement, avec
              ses favoris, ses dossiers et ses sessions ; ses téléchargements ne gardent que l’outil et la date. Son adresse
              quitte aussi la newsletter et nos listes de contacts : une inscription non confirmée est effacée, une inscription
              confirmée prend fin.
            </li>
            <li>Une inscription jamais activée est effacée dès que son lien d’activation ({r.activationHours} heures) a expiré.</li>
            <li>
              Les journaux de téléchargement sont anonymisés au bout de {r.downloadLogMonths} mois : ils perdent votre compte et
              votre adresse, seul le nombre de téléchargements par outil est conservé.
            </li>
            <li>
              Une inscription à la newsletter non confirmée est effacée au bout de {r.newsletterConfirmationDays} jours. Une
              inscription confirmée est conservée jusqu’à la désinscription ; la preuve du consentement et de la désinscription
              est ensuite gardée {r.newsletterProofYears} ans, puis effacée — y compris après la suppression de votre compte :
              la loi nous demande de pouvoir montrer votre accord si un envoi était contesté. Cette preuve est mise à l’écart et
              n’apparaît plus dans nos listes de contacts.
            </li>
            <li>Le fichier de vos données préparé à votre demande est effacé au bout de {r.dataExportHours} heures.</li>
            <li>
              Votre choix sur les alertes de mise à jour et la date de la dernière alerte sont gardés avec votre compte et
              effacés avec lui. La version reçue fait partie du journal de téléchargement et suit sa durée.
            </li>
            <li>
              Vos avis sur les outils sont conservés tant que votre compte existe et effacés avec lui ; les avis donnés sans
              compte restent attachés à l’empreinte de la clé de votre navigateur, qui ne permet pas de vous identifier.
            </li>
            <li>Les décomptes des recherches sont effacés au bout de {SearchLimits.keptMonths} mois.</li>
            <li>
              Un plan suivi est effacé {PlanLimits.keptMonths} mois après son début, quand vous en suivez un nouveau, ou avec
              votre compte.
            </li>
            <li>
              Les visites venues d’un site partenaire sont gardées {PARTNER_EVENTS_KEPT_MONTHS} mois (le mois en cours et les
              12 précédents), puis effacées ; la valeur tirée au hasard qui calcule l’empreinte d’un jour est effacée la nuit
              suivante.
            </li>
          </ul>
        )}
      </WithRetention>

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
        de votre navigateur. Si vous arrivez par le lien d’un site partenaire, la référence signée de ce partenaire est gardée
        le temps de l’onglet (stockage de session, jamais un cookie), pour lui compter le téléchargement ou l’inscription qui
        suit.
      </p>

      <h2>Vos droits</h2>
      <p>
        Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, d’opposition et de portabilité de vos
        données, ainsi que du droit de retirer votre consentement à tout moment. Vous pouvez modifier ou supprimer votre compte
        directement depuis votre profil, retrouver vos téléchargements et télécharger une copie de toutes vos données (JSON et
        CSV, vos avis sur les outils compris) depuis <Link to={PersonalDataWebRoutes.myDownloads}>Mes téléchargements</Link>, ou nous écrire à <ContactLink />.
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
