import { ReactNode } from 'react';
import { Link } from 'react-router';
import { Tool, WebRoutes } from '@outils/contracts';
import { ImageCarousel } from '../../../components/ui/carousel';
import { difficultyLabel } from '../utils/format';
import { fileLine } from '../utils/file-facts';
import { AccessibleBadge } from './document-accessibility';
import { FileFormatIcon } from './file-format-icon';
import { PublicationInfo } from './publication-info';
import { TypePictogram } from './type-pictogram';
import styles from './tools.module.css';

export interface ToolCardProps {
  tool: Tool;
  /** The download button and the favourite star (other features), composed by the page. */
  actions?: ReactNode;
  headingLevel?: 2 | 3;
  /** The listing's path and query, handed to the sheet (its breadcrumb goes back there). */
  listing?: string;
  /** First cards of a page: their image is fetched at once (docs/product/rules.md#R421). */
  priority?: boolean;
}

/**
 * A tool card (docs/product/rules.md#R85): images, pictogram, name (link to /toolspage/{slug}), description,
 * publication label, subject, type, level, the file's format and size (docs/product/rules.md#R634), and the actions. Texts are rendered as text only.
 * The images come after the name in the page's order (keyboard and screen readers reach the name
 * first) while CSS still shows them on top (docs/product/rules.md#R202).
 */
export function ToolCard({ tool, actions, headingLevel = 2, listing, priority = false }: ToolCardProps) {
  const Heading = `h${headingLevel}` as const;
  const titleId = `outil-${tool.id}-titre`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardBody}>
        <div className={styles.cardType}>
          <TypePictogram typeName={tool.type.name} size={36} />
          <span>{tool.type.name}</span>
        </div>
        <Heading id={titleId} className={styles.cardTitle}>
          <Link to={WebRoutes.toolBySlug(tool.slug)} state={listing ? { listing } : undefined}>{tool.name}</Link>
        </Heading>
        <p className={styles.cardDescription}>{tool.description}</p>
        <dl className={styles.facts}>
          <div><dt>Sujet</dt><dd>{tool.category.name}</dd></div>
          <div><dt>Niveau</dt><dd>{difficultyLabel(tool.difficulty)}</dd></div>
        </dl>
        <p className={styles.fileLine}>
          <FileFormatIcon format={tool.download.format} size={20} decorative />
          <span>{fileLine(tool.download)}</span>
          <AccessibleBadge tool={tool} />
        </p>
        <PublicationInfo tool={tool} />
      </div>
      <div className={styles.cardMedia}>
        <ImageCarousel images={tool.images} name={tool.name} variant="card" priority={priority} />
      </div>
      {actions ? <div className={styles.cardActions}>{actions}</div> : null}
    </article>
  );
}
