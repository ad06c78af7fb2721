import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { DOWNLOAD_LINK_PROBLEM_PARAM, DOWNLOAD_LINK_PROBLEMS, DownloadLinkProblem, publicationStatus, Tool, WebRoutes } from '@outils/contracts';
import { Badge } from '../../../components/ui/badge';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { ImageCarousel } from '../../../components/ui/carousel';
import { ClockIcon, GaugeIcon, TargetIcon, UsersIcon } from '../../../components/ui/icons';
import { MessageBox } from '../../../components/ui/message-box';
import { Spinner } from '../../../components/ui/spinner';
import { LaterPart } from '../../../components/layouts/later-part';
import { NotFoundContent } from '../../../components/layouts/not-found-content';
import { ToolCardActions } from '../../components/tool-card-actions';
import { ToolDownloadButton } from '../../components/tool-download-button';
import { FavouriteToggle } from '../../../features/favourites/components/favourite-toggle';
import { AddToFolderMenu } from '../../../features/folders/components/add-to-folder-menu';
import { RelatedTools } from '../../../features/diagnostic/components/related-tools';
import { UsefulnessQuestion } from '../../../features/usefulness/components/usefulness-question';
import { ToolCard } from '../../../features/tools/components/tool-card';
import { useCreditSheetMutation, useToolSheetQuery } from '../../../features/tools/api/tools.api';
import { DocumentAccessibility } from '../../../features/tools/components/document-accessibility';
import { FileFacts, FilePreview } from '../../../features/tools/components/file-facts';
import { ToolLicence } from '../../../features/site/components/tool-licence';
import { PublicationInfo } from '../../../features/tools/components/publication-info';
import { VersionHistory } from '../../../features/tools/versions/version-history';
import { VersionSummary } from '../../../features/tools/versions/version-summary';
import { TypePictogram } from '../../../features/tools/components/type-pictogram';
import { difficultyLabel, formatDuration } from '../../../features/tools/utils/format';
import { alternativeDownloadLabel, downloadLabel } from '../../../features/tools/utils/file-facts';
import { listingPathFrom } from '../../../features/tools/utils/tools-query';
import { useAppSelector } from '../../../lib/hooks';
import { goToServerUrl } from '../../../lib/navigation';
import { keepAttribution } from '../../../lib/partner-attribution';
import styles from './tool-sheet.module.css';

/**
 * « Aperçu — non publié », only above an admin's preview of a draft or a scheduled tool
 * (docs/product/rules.md#R656), which the web server never renders: its code and the admin's date
 * formatters, built as their modules load, come with that preview only, not with every sheet
 * a phone takes over (docs/product/rules.md#R860).
 */
const PreviewBanner = lazy(() => import('../../../features/admin-tools/components/preview-banner').then((m) => ({ default: m.PreviewBanner })));

/** Why the API sent the visitor here from a download link (`?telechargement=`), in French (docs/product/rules.md#R204). */
const LINK_PROBLEMS: Record<Exclude<DownloadLinkProblem, 'introuvable'>, string> = {
  expire: 'Ce lien de téléchargement a expiré : pour protéger les fichiers, chaque lien ne sert que quelques minutes. Téléchargez l’outil à nouveau, c’est gratuit.',
  invalide: 'Ce lien de téléchargement n’est pas valide (il a peut-être été modifié en étant copié ou partagé). Téléchargez l’outil depuis sa fiche.',
  indisponible: 'Le fichier de cet outil est momentanément indisponible. Réessayez dans quelques instants ; si cela dure, écrivez-nous.',
};

function linkProblem(value: string | null): Exclude<DownloadLinkProblem, 'introuvable'> | null {
  return value && value !== 'introuvable' && (DOWNLOAD_LINK_PROBLEMS as readonly string[]).includes(value) ? (value as keyof typeof LINK_PROBLEMS) : null;
}

/** Hidden when empty, null or 0 (docs/product/rules.md#R93). */
const present = (value: string | number | null | undefined) => value !== null && value !== undefined && value !== '' && value !== 0;

/**
 * The tool sheet at /toolspage/{slug}, /toolspage/details/{id} and /tools/{identifier}: the last
 * path segment identifies the tool (docs/product/rules.md#R90). An answer `{ url }` (a former slug) redirects
 * there (#R91); a 404 shows the 404 content. The favourite toggle reloads the sheet (#R731).
 */
export default function ToolSheetPage() {
  const { identifier = '' } = useParams();
  const email = useAppSelector((s) => s.session.email);
  const navigate = useNavigate();
  const { data, error, isLoading } = useToolSheetQuery({ identifier, email });
  // Opened through a partner's link: the partner is credited, and its attribution kept for a download or a sign-up (R997).
  const [creditSheet] = useCreditSheetMutation();
  useEffect(() => {
    const attribution = keepAttribution(window.location.search);
    if (attribution) void creditSheet({ identifier, attribution });
  }, [identifier, creditSheet]);

  const redirect = data && 'url' in data ? data.url : null;
  useEffect(() => {
    if (redirect) goToServerUrl(redirect, navigate, { replace: true });
  }, [redirect, navigate]);

  if (error && 'status' in error && (error.status === 404 || error.status === 400)) return <NotFoundContent />;
  if (error) {
    return (
      <div className={styles.failed}>
        <title>Outil indisponible — Outils</title>
        <h1>Oups, il y a eu un souci</h1>
        <p>Cet outil n’a pas pu être chargé. Vérifiez votre connexion puis rechargez la page.</p>
      </div>
    );
  }
  if (isLoading || !data || redirect) return <Spinner label="Chargement de l’outil…" />;
  if (!('tool' in data)) return null;
  return <ToolSheet tool={data.tool} />;
}

function ToolSheet({ tool }: { tool: Tool }) {
  const [params] = useSearchParams();
  const problem = linkProblem(params.get(DOWNLOAD_LINK_PROBLEM_PARAM));
  // Back to the listing as the visitor left it (filters, search, page), when they came from it.
  const explorer = listingPathFrom(useLocation().state) ?? WebRoutes.tools;
  return (
    <article className={styles.sheet}>
      <title>{tool.name}</title>
      <meta name="description" content={tool.description} />
      <meta property="og:title" content={tool.name} />
      <meta property="og:description" content={tool.description} />

      <header className={styles.intro}>
        <div className={styles.introInner}>
          {publicationStatus(tool.publishedAt) === 'published' ? null : (
            <Suspense fallback={null}>
              <PreviewBanner tool={tool} />
            </Suspense>
          )}
          <Breadcrumb className={styles.breadcrumb} items={[{ label: 'Explorer', to: explorer }, { label: tool.name }]} />
          <div className={styles.introRow}>
            <div className={styles.introText}>
              <p className={styles.kicker}>
                <TypePictogram typeName={tool.type.name} size={32} />
                <span>{tool.type.name}</span>
                <Badge tone="primary">{tool.category.name}</Badge>
              </p>
              <h1>{tool.name}</h1>
              {/* A draft's preview already says 'non publié': no 'Publié récemment' under it (docs/product/rules.md#R748). */}
              {publicationStatus(tool.publishedAt) === 'published' ? <PublicationInfo tool={tool} /> : null}
            </div>
            <img className={styles.decor} src="/images/fiche-decor.svg" alt="" width={220} height={160} />
          </div>
        </div>
      </header>

      {problem && tool.id ? (
        <div className={styles.notice}>
          <MessageBox tone="warning">
            <p className={styles.noticeText}>{LINK_PROBLEMS[problem]}</p>
            <ToolDownloadButton tool={tool} label="Télécharger à nouveau" />
          </MessageBox>
        </div>
      ) : null}

      {/*
        docs/product/rules.md#R722: the action box comes before the gallery, so that on a phone
        'Télécharger' is in the first screen; a wide screen still shows it in the right column.
      */}
      <div className={styles.layout}>
        {tool.id ? (
          <aside className={styles.actions} aria-label="Actions sur l’outil">
            <img className={styles.mascot} src="/images/mascotte.svg" alt="La mascotte d’Outils, une boîte à outils souriante" width={140} height={140} />
            <p className={styles.actionsTitle}>Prêt à passer à l’action&nbsp;?</p>
            <p className={styles.actionsText}>Téléchargez l’outil gratuitement et utilisez-le à votre rythme.</p>
            <FileFacts download={tool.download} />
            {/* docs/product/rules.md#R635: the button names the format and the size. */}
            <ToolDownloadButton tool={tool} block label={downloadLabel(tool.download)} />
            {/* Under the button, which stays in the first screen on a phone. */}
            <VersionSummary download={tool.download} />
            <DocumentAccessibility accessibility={tool.accessibility} />
            {/* docs/product/rules.md#R949: the accessible version, through the same popup and signed link, with its own verdict. */}
            {tool.alternative ? (
              <>
                <ToolDownloadButton tool={tool} block variant="secondary" alternative label={alternativeDownloadLabel(tool.alternative)} />
                <DocumentAccessibility accessibility={tool.alternative.accessibility} of="alternative" />
              </>
            ) : null}
            <FavouriteToggle toolId={tool.id} isFavorite={tool.isFavorite} context="sheet" showLabel />
            <AddToFolderMenu tool={tool} />
            <ToolLicence />
          </aside>
        ) : null}

        <section aria-label="Galerie" className={styles.gallery}>
          <ImageCarousel images={tool.images} name={tool.name} variant="gallery" priority />
        </section>

        <section className={styles.info} aria-labelledby="fiche-nom">
          <h2 id="fiche-nom" className={styles.infoName}>{tool.name}</h2>
          <h3>Cet outil contient :</h3>
          <p className={styles.description}>{tool.description}</p>
          <dl className={styles.details}>
            {present(tool.goal) ? (
              <div>
                <dt><TargetIcon />Objectif</dt>
                <dd className={styles.description}>{tool.goal}</dd>
              </div>
            ) : null}
            {present(tool.people) ? (
              <div>
                <dt><UsersIcon />Pour qui ?</dt>
                <dd className={styles.description}>{tool.people}</dd>
              </div>
            ) : null}
            <div>
              <dt><GaugeIcon />Niveau de difficulté</dt>
              <dd>{difficultyLabel(tool.difficulty)}</dd>
            </div>
            {present(tool.duration) ? (
              <div>
                <dt><ClockIcon />Temps estimé</dt>
                <dd>{formatDuration(tool.duration as number)}</dd>
              </div>
            ) : null}
          </dl>
          {tool.preview ? <FilePreview preview={tool.preview} name={tool.name} /> : null}
        </section>
      </div>

      {/* Below the first screen: live once near or at the first gesture (docs/product/rules.md#R894). */}
      <LaterPart name="fiche-suite">
        {tool.id ? <VersionHistory toolId={tool.id} /> : null}

        {tool.id ? (
          <div className={styles.below}>
            <UsefulnessQuestion toolId={tool.id} />
          </div>
        ) : null}

        {/* docs/product/rules.md#R565: computed in the background, never for this request. */}
        {tool.id ? (
          <RelatedTools
            toolId={tool.id}
            renderTool={(related) => (
              <ToolCard
                tool={related}
                headingLevel={3}
                actions={<ToolCardActions tool={related} />}
              />
            )}
          />
        ) : null}
      </LaterPart>
    </article>
  );
}
