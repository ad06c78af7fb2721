import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { ContentPage } from '../../../components/layouts/content-page';
import { DemoNotice, WithPublisher } from '../../../features/site/components/publisher-info';

/** Terms of use (docs/product/rules.md#R179: in force since 04/07/2023). */
export default function CguPage() {
  return (
    <ContentPage
      title="Conditions générales d’utilisation"
      description="Conditions générales d’utilisation de la plateforme Outils, bibliothèque gratuite d’outils téléchargeables."
      intro={<p>En vigueur depuis le 04/07/2023.</p>}
    >
      <DemoNotice />
      <h2>1. Objet</h2>
      <WithPublisher>
        {(p) => (
          <p>
            Les présentes conditions générales d’utilisation (« CGU ») encadrent l’accès et l’utilisation de la plateforme Outils
            (la « Plateforme »), éditée par {p.name}, {p.legalForm} dont le siège est situé {p.address} (l’« Agence »), qui met
            gratuitement à disposition des outils téléchargeables (diagnostics, checklists, modèles, kits, infographies) destinés
            à aider les entreprises à structurer leurs projets informatiques et à digitaliser leur activité.
          </p>
        )}
      </WithPublisher>

      <h2>2. Acceptation des CGU</h2>
      <p>
        L’utilisation de la Plateforme vaut acceptation des présentes CGU. La création d’un compte nécessite en outre
        l’acceptation expresse des CGU et de la <Link to={WebRoutes.privacy}>politique de confidentialité</Link>. L’Agence
        peut modifier les CGU à tout moment ; la version applicable est celle en ligne au moment de l’utilisation.
      </p>

      <h2>3. Accès à la Plateforme</h2>
      <p>
        La consultation du catalogue et le téléchargement des outils sont libres et gratuits. Certaines fonctionnalités, comme
        les favoris, sont réservées aux utilisateurs disposant d’un compte. L’Agence s’efforce d’assurer l’accès à la
        Plateforme en continu mais ne peut le garantir : elle peut l’interrompre, notamment pour maintenance, sans que sa
        responsabilité soit engagée.
      </p>

      <h2>4. Compte utilisateur</h2>
      <ul>
        <li>L’utilisateur fournit des informations exactes lors de son inscription et les tient à jour depuis son profil.</li>
        <li>Le compte est activé par un lien envoyé par e-mail. L’identifiant et le mot de passe sont personnels et confidentiels.</li>
        <li>L’utilisateur peut supprimer son compte à tout moment depuis la page « Modifier mon compte ». Cette suppression est définitive.</li>
        <li>L’Agence peut suspendre ou supprimer un compte en cas d’utilisation contraire aux présentes CGU.</li>
      </ul>

      <h2>5. Utilisation des outils</h2>
      <p>
        Les outils sont fournis à titre informatif et pratique. L’utilisateur peut les télécharger, les imprimer, les compléter
        et les utiliser pour les besoins de son activité, y compris avec ses équipes et ses clients. Il s’interdit de les
        revendre, de les diffuser contre rémunération ou de les présenter comme sa propre création.
      </p>

      <h2>6. Propriété intellectuelle</h2>
      <p>
        La Plateforme, sa charte graphique, ses textes et les outils proposés sont protégés par le droit de la propriété
        intellectuelle et restent la propriété de l’Agence ou de leurs auteurs. Toute reproduction en dehors de l’usage prévu à
        l’article 5 nécessite l’accord écrit préalable de l’Agence.
      </p>

      <h2>7. Responsabilité</h2>
      <p>
        Les outils ne remplacent pas un conseil personnalisé. L’utilisateur reste seul responsable de l’usage qu’il en fait et
        des décisions qu’il prend. L’Agence ne saurait être tenue responsable des dommages indirects résultant de l’utilisation
        de la Plateforme ou des outils.
      </p>

      <h2>8. Newsletter</h2>
      <p>
        L’utilisateur qui y consent reçoit la newsletter de la Plateforme. Chaque envoi comporte un lien de désinscription ; il
        peut aussi modifier ce choix depuis son profil.
      </p>

      <h2>9. Données personnelles</h2>
      <p>
        Le traitement des données personnelles est décrit dans la <Link to={WebRoutes.privacy}>politique de confidentialité</Link>.
      </p>

      <h2>10. Droit applicable et contact</h2>
      <WithPublisher>
        {(p) => (
          <p>
            Les présentes CGU sont soumises au droit français. En cas de litige, une solution amiable sera recherchée avant toute
            action ; à défaut, les tribunaux compétents du ressort du siège de l’Agence seront saisis. Pour toute question :{' '}
            <a href={`mailto:${p.email}`}>{p.email}</a>.
          </p>
        )}
      </WithPublisher>
    </ContentPage>
  );
}
