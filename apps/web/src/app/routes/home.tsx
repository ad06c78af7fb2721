import { Link } from 'react-router';
import { DiagnosticWebRoutes, FolderWebRoutes, WebRoutes } from '@outils/contracts';
import { LaterPart } from '../../components/layouts/later-part';
import { Badge } from '../../components/ui/badge';
import { buttonClassName } from '../../components/ui/button';
import { responsiveToolImage } from '../../components/ui/carousel/responsive-image';
import { ArrowRightIcon, ChatIcon, FolderIcon, SparkIcon, StarIcon } from '../../components/ui/icons';
import { ForYouTeaser } from '../../features/diagnostic/components/for-you-teaser';
import { KitsSection } from '../../features/folders/components/kits-section';
import { NewsletterForm } from '../../features/newsletter/components/newsletter-form';
import { useFeaturedToolQuery } from '../../features/tools/api/tools.api';
import { TypePictogram } from '../../features/tools/components/type-pictogram';
import { useAppSelector } from '../../lib/hooks';
import { selectIsConnected } from '../../lib/session';
import styles from './home.module.css';

const TITLE = 'Outils — la bibliothèque la plus cool pour digitaliser son activité soi-même';
const DESCRIPTION =
  'Diagnostics, checklists, modèles, kits et infographies gratuits pour aider les TPE et PME à structurer leurs projets informatiques et digitaliser leur activité elles-mêmes.';

/** Home (docs/product/rules.md#R726, #R193): the promises, links to sign-up and library, newsletter, agency teaser, share tags. */
export default function HomePage() {
  const origin = typeof window !== 'undefined' ? window.location.origin : '';
  const connected = useAppSelector(selectIsConnected);
  return (
    <div className={styles.home}>
      <title>{TITLE}</title>
      <meta name="description" content={DESCRIPTION} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="Outils" />
      <meta property="og:locale" content="fr_FR" />
      <meta property="og:title" content={TITLE} />
      <meta property="og:description" content={DESCRIPTION} />
      <meta property="og:url" content={`${origin}/`} />
      <meta property="og:image" content={`${origin}/images/og-image.png`} />
      <meta property="og:image:alt" content="Outils, la bibliothèque d’outils gratuits pour digitaliser son activité" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={TITLE} />
      <meta name="twitter:description" content={DESCRIPTION} />
      <meta name="twitter:image" content={`${origin}/images/og-image.png`} />

      <section className={styles.hero} aria-labelledby="accueil-titre">
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.kicker}>100 % gratuit · pour les TPE et PME</p>
            <h1 id="accueil-titre">La bibliothèque la plus cool pour digitaliser son activité soi-même</h1>
            <p className={styles.lead}>
              Diagnostics, checklists, modèles, kits et infographies conçus par des consultants en informatique, pour
              structurer vos projets numériques sans jargon et à votre rythme.
            </p>
            <div className={styles.ctas}>
              <Link to={WebRoutes.tools} className={`${buttonClassName('primary')} ${styles.ctaMain}`}>
                Explorer la bibliothèque
                <ArrowRightIcon />
              </Link>
              {/* A member already has an account: the second action leads to their library. */}
              {connected ? (
                <Link to={WebRoutes.favorites} className={`${buttonClassName('secondary')} ${styles.ctaAlt}`}>
                  Voir mes favoris
                </Link>
              ) : (
                <Link to={WebRoutes.signup} className={`${buttonClassName('secondary')} ${styles.ctaAlt}`}>
                  Créer mon compte gratuit
                </Link>
              )}
            </div>
          </div>
          <img className={styles.heroImage} src="/images/mascotte.svg" alt="" width={320} height={320} />
        </div>
      </section>

      {/* Below the hero, the first screen of a phone: live once near or at the first gesture (docs/product/rules.md#R894). */}
      <LaterPart name="accueil-suite">
        <section className={styles.section} aria-labelledby="promesses-titre">
          <h2 id="promesses-titre" className={styles.sectionTitle}>Tout ce qu’il faut pour avancer seul, mais bien accompagné</h2>
          <ul className={styles.promises}>
            <li>
              <SparkIcon className={styles.promiseIcon} />
              <h3>Un nouvel outil chaque mois</h3>
              <p>Chaque mois, nous mettons en avant un outil pratique, prêt à l’emploi, pour faire avancer votre projet.</p>
            </li>
            <li>
              <StarIcon className={styles.promiseIcon} />
              <h3>Votre bibliothèque personnelle</h3>
              <p>Avec un compte gratuit, mettez vos outils favoris de côté et retrouvez-les en un clic.</p>
            </li>
            <li>
              <FolderIcon className={styles.promiseIcon} />
              <h3>
                {/* docs/product/rules.md#R500: the feature is here; a guest is asked to log in first. */}
                <Link to={FolderWebRoutes.folders}>Vos dossiers de téléchargement</Link>
              </h3>
              <p>Composez vos propres dossiers d’outils et téléchargez-les d’un seul coup.</p>
            </li>
            <li>
              <ChatIcon className={styles.promiseIcon} />
              <h3><Link to={DiagnosticWebRoutes.diagnostic}>Des conseils personnalisés</Link></h3>
              <p>Des recommandations adaptées à votre secteur et à votre niveau, pour choisir les bons outils.</p>
            </li>
          </ul>
        </section>

        <div className={styles.section}>
          <ForYouTeaser titleClassName={styles.sectionTitle} />
        </div>
      </LaterPart>

      {/* Further down: the tool of the month, the kits, the newsletter form and the agency (docs/product/rules.md#R894). */}
      <LaterPart name="accueil-fin">
        <FeaturedTool />

        <div className={styles.section}>
          <KitsSection />
        </div>

        <section className={`${styles.section} ${styles.newsletter}`} aria-labelledby="newsletter-titre">
          <div>
            <h2 id="newsletter-titre" className={styles.sectionTitle}>Restez dans le coup</h2>
            <p>Recevez l’outil du mois et nos conseils pratiques. Une lettre par mois, pas plus.</p>
          </div>
          <NewsletterForm source="home" />
        </section>

        <section className={`${styles.section} ${styles.agency}`} aria-labelledby="agence-titre">
          <img src="/images/agence.svg" alt="" width={280} height={200} className={styles.agencyImage} />
          <div>
            <h2 id="agence-titre" className={styles.sectionTitle}>Derrière Outils, une agence de conseil informatique</h2>
            <p>
              Depuis des années, nous accompagnons les petites entreprises dans leurs projets numériques. Nous avons rassemblé ici
              les méthodes et les outils que nous utilisons chaque jour avec nos clients, pour que chacun puisse s’en servir
              librement.
            </p>
            <Link to={WebRoutes.about} className={styles.more}>
              Découvrir l’agence et son équipe <ArrowRightIcon size={18} />
            </Link>
          </div>
        </section>
      </LaterPart>
    </div>
  );
}

/** The tool of the month (`GET /api/tools/featured`); nothing when there is none. */
function FeaturedTool() {
  const { data } = useFeaturedToolQuery();
  const tool = data?.tool;
  if (!tool) return null;
  return (
    <section className={`${styles.section} ${styles.featured}`} aria-labelledby="outil-du-mois-titre">
      <div className={styles.featuredMedia}>
        {tool.images[0] ? (
          // No width/height here: the frame's aspect-ratio holds the place (`img[width]` is the pictogram's style).
          <img src={tool.images[0].src} {...responsiveToolImage(tool.images[0].src, 'featured')} alt={`Aperçu de « ${tool.name} »`} />
        ) : (
          <TypePictogram typeName={tool.type.name} size={96} />
        )}
      </div>
      <div className={styles.featuredText}>
        <h2 id="outil-du-mois-titre" className={styles.kickerDark}>L’outil du mois</h2>
        <p className={styles.featuredName}>{tool.name}</p>
        <p className={styles.featuredMeta}>
          <Badge tone="primary">{tool.type.name}</Badge>
          <Badge>{tool.category.name}</Badge>
        </p>
        <p className={styles.featuredDescription}>{tool.description}</p>
        <Link to={WebRoutes.toolBySlug(tool.slug)} className={buttonClassName('primary')}>
          Découvrir l’outil du mois
          <ArrowRightIcon />
        </Link>
      </div>
    </section>
  );
}
