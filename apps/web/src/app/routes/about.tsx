import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { buttonClassName } from '../../components/ui/button';
import { ContentPage } from '../../components/layouts/content-page';
import { WithPublisher } from '../../features/site/components/publisher-info';
import styles from './about.module.css';

/** The team, presented by roles. */
const TEAM = [
  { role: 'Direction de l’agence', text: 'Fixe le cap, veille à ce que chaque outil réponde à un vrai besoin des petites entreprises et reste gratuit.' },
  { role: 'Consultants en transformation numérique', text: 'Accompagnent les TPE et PME au quotidien et transforment leurs méthodes de terrain en diagnostics et checklists.' },
  { role: 'Cheffes et chefs de projet informatique', text: 'Conçoivent les modèles et les kits qui aident à cadrer un projet, rédiger un cahier des charges ou choisir un prestataire.' },
  { role: 'Experts en cybersécurité', text: 'Relisent chaque outil pour que les bonnes pratiques de sécurité et de protection des données soient au rendez-vous.' },
  { role: 'Designers UX/UI', text: 'Rendent les outils clairs, agréables et faciles à utiliser, même sans connaissances techniques.' },
  { role: 'Développeurs', text: 'Construisent et font vivre la plateforme, pour que vous trouviez et téléchargiez vos outils en quelques secondes.' },
];

/** /about: the agency and its team, presented by roles (no invented names). */
export default function AboutPage() {
  return (
    <ContentPage
      title="L’agence derrière Outils"
      documentTitle="À propos de l’agence — Outils"
      description="Outils est publié par une agence de conseil informatique qui aide les petites entreprises à digitaliser leur activité. Découvrez l’agence et son équipe."
      intro={<p>Une agence de conseil informatique qui croit qu’on peut digitaliser son activité soi-même, avec les bons outils.</p>}
    >
      <h2>Notre mission</h2>
      <p>
        Depuis sa création, l’agence accompagne les petites et moyennes entreprises dans leurs projets informatiques : choix
        d’outils, organisation, sécurité, présence en ligne. Au fil des missions, nous avons constaté que beaucoup de
        dirigeants pourraient avancer seuls, à condition d’avoir une méthode claire et des supports simples.
      </p>
      <p>
        Outils est né de ce constat : une bibliothèque gratuite de diagnostics, checklists, modèles, kits et infographies, issus
        de notre pratique, pour structurer vos projets et digitaliser votre activité à votre rythme.
      </p>

      <h2>Nos engagements</h2>
      <ul>
        <li>Des outils gratuits, sans contrepartie cachée.</li>
        <li>Un langage clair, sans jargon inutile.</li>
        <li>Des contenus relus par des spécialistes et mis à jour régulièrement.</li>
        <li>Le respect de vos données : nous collectons le strict nécessaire (voir la <Link to={WebRoutes.privacy}>politique de confidentialité</Link>).</li>
      </ul>

      <h2>L’équipe</h2>
      <p>Une équipe pluridisciplinaire conçoit, relit et met à jour chaque outil :</p>
      <ul className={styles.team}>
        {TEAM.map((member) => (
          <li key={member.role}>
            <h3>{member.role}</h3>
            <p>{member.text}</p>
          </li>
        ))}
      </ul>

      <h2>Travailler avec nous</h2>
      <WithPublisher>
        {(publisher) => (
          <p>
            Besoin d’un regard extérieur sur votre projet, d’un accompagnement ou d’un outil qui n’existe pas encore ? Écrivez-nous à{' '}
            <a href={`mailto:${publisher.email}`}>{publisher.email}</a>.
          </p>
        )}
      </WithPublisher>
      <p className={styles.cta}>
        <Link to={WebRoutes.tools} className={buttonClassName('primary')}>Explorer les outils</Link>
      </p>
    </ContentPage>
  );
}
