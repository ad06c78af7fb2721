import { ContentPage } from '../../../components/layouts/content-page';
import { CONTACT_EMAIL } from '../../../components/layouts/site';

/** Legal notice: publisher and host (placeholders filled in by the agency). */
export default function LegalNoticePage() {
  return (
    <ContentPage
      title="Mentions légales"
      description="Mentions légales de la plateforme Outils : éditeur, directeur de la publication, hébergeur."
    >
      <h2>Éditeur</h2>
      <address>
        [raison sociale], [forme juridique] au capital de [montant] €<br />
        Siège social : [adresse du siège]<br />
        RCS [ville] [numéro] — SIRET [numéro] — TVA intracommunautaire [numéro]<br />
        E-mail : <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
      </address>

      <h2>Directeur de la publication</h2>
      <p>Le représentant légal de l’agence, [fonction].</p>

      <h2>Hébergement</h2>
      <address>
        [nom de l’hébergeur]<br />
        [adresse de l’hébergeur]<br />
        [téléphone ou site de l’hébergeur]
      </address>

      <h2>Propriété intellectuelle</h2>
      <p>
        L’ensemble des contenus de la plateforme (textes, outils, illustrations, logo) est protégé par le droit de la propriété
        intellectuelle. Leur utilisation est encadrée par les conditions générales d’utilisation.
      </p>

      <h2>Signaler un contenu</h2>
      <p>
        Pour signaler une erreur ou un contenu inapproprié, écrivez-nous à <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </ContentPage>
  );
}
