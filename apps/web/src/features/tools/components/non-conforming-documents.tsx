import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentsAccessibilityQuery } from '../api/documents-accessibility.api';
import { StatementTexts as T } from '../texts';
import { alternativeFormatName } from '../utils/file-facts';
import styles from './document-accessibility.module.css';

/**
 * The statement's section on the downloadable documents (docs/product/rules.md#R948), read from
 * the checks: how many were checked and when last, and each document that does not conform with
 * what fails.
 */
export function NonConformingDocuments() {
  const { data, isLoading, isError } = useDocumentsAccessibilityQuery();
  return (
    <>
      <h2>{T.title}</h2>
      <p>{T.intro}</p>
      {isLoading ? <Spinner label={T.loading} /> : null}
      {isError ? <p>{T.failed}</p> : null}
      {data ? (
        <>
          <p>{T.summary(data.checked, data.nonConforming.length, data.lastCheckedAt)}</p>
          {data.nonConforming.length ? (
            <ul className={styles.statement}>
              {data.nonConforming.map((doc) => (
                <li key={doc.slug}>
                  <Link to={WebRoutes.toolBySlug(doc.slug)}>{doc.name}</Link>
                  {' — '}
                  {T.failing} {doc.issues.map((issue) => (issue.where.length ? `${issue.label} (${issue.where.join(' ; ')})` : issue.label)).join(' ; ')}.
                </li>
              ))}
            </ul>
          ) : null}
          {/* docs/product/rules.md#R948 (RGAA 13.3): a failing file with an accessible version conforms; the statement says where it is. */}
          {data.accessibleVersions?.length ? (
            <>
              <p>{T.accessibleVersions}</p>
              <ul className={styles.statement}>
                {data.accessibleVersions.map((doc) => (
                  <li key={doc.slug}>
                    <Link to={WebRoutes.toolBySlug(doc.slug)}>{doc.name}</Link>
                    {' — '}
                    {T.accessibleVersion(alternativeFormatName(doc.format))}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
    </>
  );
}
