import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MessageBox } from '../../../components/ui/message-box';
import { useOneTimeLink } from '../hooks/use-one-time-link';
import { AccountTexts } from '../texts';
import styles from './account-forms.module.css';

/**
 * The page behind a mailed one-time link (`?email=&token=`): what the link confirms when both are
 * there, the same "Oups" card with a way on when the address was cut. Written once for every
 * kind of link (activation, e-mail change, login).
 */
export function OneTimeLinkPage(props: {
  confirm: (link: { email: string; token: string }) => ReactNode;
  /** Where to go when the link is incomplete. */
  fallback: { to: string; label: string };
  /** Announce the outcome to screen readers as it arrives. */
  announce?: boolean;
}) {
  const { email, token } = useOneTimeLink();
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-live={props.announce ? 'polite' : undefined}>
        {email && token ? (
          props.confirm({ email, token })
        ) : (
          <>
            <title>Oups, il y a eu un souci — Outils</title>
            <h1>Oups, il y a eu un souci</h1>
            <MessageBox tone="error">{AccountTexts.linkParamsMissing}</MessageBox>
            <p>
              <Link to={props.fallback.to}>{props.fallback.label}</Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
