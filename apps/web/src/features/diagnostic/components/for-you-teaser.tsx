import { Link } from 'react-router';
import { DiagnosticWebRoutes, WebRoutes } from '@outils/contracts';
import { buttonClassName } from '../../../components/ui/button';
import { useAppSelector } from '../../../lib/hooks';
import { selectIsConnected } from '../../../lib/session';
import { useForYouQuery } from '../api/diagnostic.api';
import { DiagnosticTexts as T } from '../texts';
import styles from './diagnostic.module.css';

const TEASER_SIZE = 4;

/**
 * The home page's advice section (docs/product/rules.md#R561): for a member, the first tools of
 * 'Pour vous' with their reasons; for everyone, the way to the diagnostic.
 */
export function ForYouTeaser({ titleClassName }: { titleClassName?: string }) {
  const connected = useAppSelector(selectIsConnected);
  const email = useAppSelector((s) => s.session.email);
  const { data } = useForYouQuery(email, { skip: !connected });
  const tools = data?.tools.slice(0, TEASER_SIZE) ?? [];
  return (
    <section aria-labelledby="conseils-titre" className={styles.teaser}>
      <h2 id="conseils-titre" className={titleClassName}>{connected ? T.forYouTitle : T.title}</h2>
      {connected && tools.length > 0 ? (
        <ul className={styles.teaserList}>
          {tools.map(({ tool, reason }) => (
            <li key={tool.id}>
              <Link to={WebRoutes.toolBySlug(tool.slug)} className={styles.teaserName}>{tool.name}</Link>
              <p className={styles.reason}>{reason}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p>{T.intro}</p>
      )}
      <p className={styles.teaserLinks}>
        {connected && tools.length > 0 ? <Link to={DiagnosticWebRoutes.forYou} className={buttonClassName('secondary')}>{T.forYouAll}</Link> : null}
        <Link to={DiagnosticWebRoutes.diagnostic} className={buttonClassName(connected && tools.length > 0 ? 'ghost' : 'primary')}>
          {connected && data?.hasDiagnostic ? T.retake : T.takeDiagnostic}
        </Link>
      </p>
    </section>
  );
}
