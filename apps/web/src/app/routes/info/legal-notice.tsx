import { ContentPage } from '../../../components/layouts/content-page';
import { DemoNotice, publisherTitle, WithPublisher } from '../../../features/site/components/publisher-info';

/** Legal notice: publisher, publication director and host, from the site's configuration (`GET /api/site`). */
export default function LegalNoticePage() {
  return (
    <ContentPage
      title="Mentions légales"
      description="Mentions légales de la plateforme Outils : éditeur, directeur de la publication, hébergeur."
    >
      <DemoNotice />
      <WithPublisher>
        {(p) => (
          <>
            <h2>Éditeur</h2>
            <address>
              {publisherTitle(p)}
              <br />
              Siège social : {p.address}
              <br />
              {[p.rcs, `SIRET ${p.siret}`, p.vatNumber ? `TVA intracommunautaire ${p.vatNumber}` : null].filter(Boolean).join(' — ')}
              <br />
              {p.phone ? (
                <>
                  Téléphone : {p.phone}
                  <br />
                </>
              ) : null}
              E-mail : <a href={`mailto:${p.email}`}>{p.email}</a>
            </address>

            <h2>Directeur de la publication</h2>
            <p>{p.director}</p>

            <h2>Hébergement</h2>
            <address>
              {p.hosting.name}
              <br />
              {p.hosting.address}
              <br />
              Téléphone : {p.hosting.phone}
            </address>

            <h2>Propriété intellectuelle</h2>
            <p>
              L’ensemble des contenus de la plateforme (textes, outils, illustrations, logo) est protégé par le droit de la propriété
              intellectuelle. Leur utilisation est encadrée par les conditions générales d’utilisation.
            </p>

            <h2>Signaler un contenu</h2>
            <p>
              Pour signaler une erreur ou un contenu inapproprié, écrivez-nous à <a href={`mailto:${p.email}`}>{p.email}</a>.
            </p>
          </>
        )}
      </WithPublisher>
    </ContentPage>
  );
}
