import { Link } from 'react-router';
import { DiagnosticWebRoutes } from '@outils/contracts';
import { ContentPage } from '../../../components/layouts/content-page';
import { buttonClassName } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { Spinner } from '../../../components/ui/spinner';
import { useForYouQuery } from '../../../features/diagnostic/api/diagnostic.api';
import { DiagnosticTexts as T } from '../../../features/diagnostic/texts';
import { ToolCard } from '../../../features/tools/components/tool-card';
import { useAppSelector } from '../../../lib/hooks';
import { selectIsConnected } from '../../../lib/session';
import { ToolCardActions } from '../../components/tool-card-actions';
import styles from '../diagnostic/diagnostic-pages.module.css';

/**
 * /toolspage/for-you, 'Pour vous' (docs/product/rules.md#R985, #R561, #R562): a member's tools ranked with
 * the reason of each; guests see the month's most downloaded tools and the invitation to take
 * the diagnostic.
 */
export default function ForYouPage() {
  const email = useAppSelector((s) => s.session.email);
  const connected = useAppSelector(selectIsConnected);
  const { data, isLoading, isError } = useForYouQuery(email);
  const invite = !connected || (data && !data.hasDiagnostic);
  return (
    <ContentPage title={T.forYouTitle} description={T.forYouIntro} intro={<p>{connected ? T.forYouIntro : T.forYouGuest}</p>}>
      <div className={styles.forYou}>
        {invite ? (
          <MessageBox tone="warning">
            <p>{connected ? T.forYouNoDiagnostic : T.forYouGuest}</p>
            <Link to={DiagnosticWebRoutes.diagnostic} className={buttonClassName('primary')}>{T.takeDiagnostic}</Link>
          </MessageBox>
        ) : null}
        {isLoading ? <Spinner label="Chargement de vos recommandations…" /> : null}
        {isError ? <MessageBox tone="error"><p>Les recommandations n’ont pas pu être chargées. Rechargez la page.</p></MessageBox> : null}
        {data && data.tools.length === 0 ? <p>{T.forYouEmpty}</p> : null}
        <ul className={styles.grid} aria-label={T.forYouTitle}>
          {data?.tools.map(({ tool, reason }) => (
            <li key={tool.id}>
              <p className={styles.reason}>{reason}</p>
              <ToolCard
                tool={tool}
                actions={<ToolCardActions tool={tool} />}
              />
            </li>
          ))}
        </ul>
      </div>
    </ContentPage>
  );
}
