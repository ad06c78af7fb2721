import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { FacebookIcon, InstagramIcon, LinkedInIcon, MailIcon } from '../ui/icons';
import { Logo } from './logo';
import { CONTACT_EMAIL, SOCIAL_LINKS } from './site';
import styles from './footer.module.css';

const icons = { LinkedIn: LinkedInIcon, Instagram: InstagramIcon, Facebook: FacebookIcon };

/** The footer of every page (spec §2): legal pages, about, a mailto contact and three social networks. */
export function Footer() {
  return (
    <footer className={styles.footer}>
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
            <li>
              <a href={`mailto:${CONTACT_EMAIL}`}>
                <MailIcon size={18} />
                Nous contacter
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Informations légales" className={styles.links}>
          <h2 className={styles.heading}>Informations légales</h2>
          <ul>
            <li><Link to={WebRoutes.cgu}>Conditions générales d’utilisation</Link></li>
            <li><Link to={WebRoutes.privacy}>Politique de confidentialité</Link></li>
            <li><Link to={WebRoutes.legalNotice}>Mentions légales</Link></li>
          </ul>
        </nav>
        <div className={styles.social}>
          <h2 className={styles.heading}>Suivez-nous</h2>
          <ul>
            {SOCIAL_LINKS.map(({ name, href }) => {
              const Icon = icons[name];
              return (
                <li key={name}>
                  <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`Outils sur ${name} (nouvel onglet)`}>
                    <Icon size={22} />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      <p className={styles.bottom}>© {new Date().getFullYear()} Outils — une initiative de l’agence. Tous les outils sont gratuits.</p>
    </footer>
  );
}
