import { ReactNode } from 'react';
import { Link } from 'react-router';
import { SitePublisher, SiteRetention, WebRoutes } from '@outils/contracts';
import { MessageBox } from '../../../components/ui/message-box';
import { Spinner } from '../../../components/ui/spinner';
import { useSiteQuery } from '../api/site.api';
import styles from './publisher-info.module.css';

/**
 * Renders `children` with the publisher's identity once known; meanwhile a spinner, and if the
 * API cannot be reached, a message (never a placeholder).
 */
export function WithPublisher({ children }: { children: (publisher: SitePublisher) => ReactNode }) {
  const { data, isError } = useSiteQuery();
  if (data) return <>{children(data.publisher)}</>;
  if (isError) {
    return (
      <MessageBox tone="error">
        Les informations sur l’éditeur n’ont pas pu être chargées. Rechargez la page dans quelques instants.
      </MessageBox>
    );
  }
  return <Spinner label="Chargement des informations sur l’éditeur…" />;
}

/** Renders `children` with the retention periods housekeeping applies (docs/product/rules.md#R480). */
export function WithRetention({ children }: { children: (retention: SiteRetention) => ReactNode }) {
  const { data, isError } = useSiteQuery();
  if (data) return <>{children(data.retention)}</>;
  if (isError) return <MessageBox tone="error">Les durées de conservation n’ont pas pu être chargées. Rechargez la page dans quelques instants.</MessageBox>;
  return <Spinner label="Chargement des durées de conservation…" />;
}

/** « Agence Exemple, SAS au capital de 10 000 € » */
export const publisherTitle = (p: SitePublisher) => `${p.name}, ${p.legalForm}${p.shareCapital ? ` au capital de ${p.shareCapital}` : ''}`;

/** Said on the legal pages when `npm start` runs without the publisher's configuration. */
export function DemoNotice() {
  const { data } = useSiteQuery();
  if (!data?.publisher.demo) return null;
  return (
    <p className={styles.demo} role="note">
      <strong>Démonstration :</strong> l’éditeur et l’hébergeur ci-dessous sont fictifs. En production, ces informations
      viennent de la configuration du site (variables <code>PUBLISHER_*</code>, <code>PUBLICATION_DIRECTOR</code> et <code>HOSTING_*</code>).
    </p>
  );
}

/** The contact address as a mailto link, inside a sentence; the legal notice until it is known. */
export function ContactLink() {
  const { data } = useSiteQuery();
  if (!data) return <Link to={WebRoutes.legalNotice}>l’adresse indiquée dans les mentions légales</Link>;
  return <a href={`mailto:${data.publisher.email}`}>{data.publisher.email}</a>;
}
