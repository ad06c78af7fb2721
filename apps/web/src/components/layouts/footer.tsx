import { Link } from 'react-router';
import { SitePublisher, WebRoutes } from '@outils/contracts';
import { FacebookIcon, InstagramIcon, LinkedInIcon, MailIcon } from '../ui/icons';
import { Logo } from './logo';
import styles from './footer.module.css';

const NETWORKS = [
  { key: 'linkedin', name: 'LinkedIn', Icon: LinkedInIcon },
  { key: 'instagram', name: 'Instagram', Icon: InstagramIcon },
  { key: 'facebook', name: 'Facebook', Icon: FacebookIcon },
] as const satisfies ReadonlyArray<{ key: keyof SitePublisher['social']; name: string; Icon: unknown }>;

/**
 * The footer of every page (docs/product/rules.md#R192): legal pages, about, a mailto contact
 * and the social networks. The contact address and the profiles come from the publisher's
 * configuration (`GET /api/site`, read by the layout); a network shows only when its profile URL is set.
 */
export function Footer({ publisher }: { publisher?: SitePublisher }) {
  const networks = NETWORKS.filter(({ key }) => publisher?.social[key]);
  return (
    // The id ends a page the web server rendered: index.html holds the first paint until it is parsed (docs/product/rules.md#R724).
    <footer id="pied-de-page" className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo inverted />
          <p>La bibliothèque la plus cool pour digitaliser son activité soi-même. Des outils gratuits, conçus par une agence de conseil informatique.</p>
        </div>
        <nav aria-label="Liens du pied de page" className={styles.links}>
          <h2 className={styles.heading}>À propos</h2>
          <ul>
            <li><Link to={WebRoutes.about}>L’agence</Link></li>
            <li><Link to={WebRoutes.tools}>Explorer les outils</Link></li>
            {publisher ? (
              <li>
                <a href={`mailto:${publisher.email}`}>
                  <MailIcon size={18} />
                  Nous contacter
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
        <nav aria-label="Informations légales" className={styles.links}>
          <h2 className={styles.heading}>Informations légales</h2>
          <ul>
            <li><Link to={WebRoutes.cgu}>Conditions générales d’utilisation</Link></li>
            <li><Link to={WebRoutes.privacy}>Politique de confidentialité</Link></li>
            <li><Link to={WebRoutes.legalNotice}>Mentions légales</Link></li>
            <li><Link to={WebRoutes.accessibility}>Accessibilité : partiellement conforme</Link></li>
          </ul>
        </nav>
        {networks.length ? (
          <div className={styles.social}>
            <h2 className={styles.heading}>Suivez-nous</h2>
            <ul>
              {networks.map(({ key, name, Icon }) => (
                <li key={key}>
                  <a href={publisher!.social[key]!} target="_blank" rel="noopener noreferrer" aria-label={`Outils sur ${name} (nouvel onglet)`}>
                    <Icon size={22} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <p className={styles.bottom}>
        © {new Date().getFullYear()} {publisher ? `${publisher.name} — ` : ''}Outils. Tous les outils sont gratuits.
      </p>
    </footer>
  );
}
