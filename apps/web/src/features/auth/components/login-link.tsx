import { useState } from 'react';
import { Link } from 'react-router';
import { WebRoutes } from '@outils/contracts';
import { Button, buttonClassName } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { asApiError } from '../../../lib/api-error';
import { useAppDispatch } from '../../../lib/hooks';
import { loggedIn } from '../../../lib/session';
import { useConfirmLoginLinkMutation, useSendLoginLinkMutation } from '../api/auth.api';
import { LoginLinkTexts } from '../texts';

/** The login page's offer when the password alone is refused for a while (docs/product/rules.md#R769, #R770). */
export function SendLoginLink({ email }: { email: string }) {
  const [send, { isLoading }] = useSendLoginLinkMutation();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const onClick = async () => {
    setResult(null);
    try {
      setResult({ tone: 'success', text: (await send({ email }).unwrap()).message });
    } catch (error) {
      setResult({ tone: 'error', text: asApiError(error).message ?? LoginLinkTexts.failed });
    }
  };

  return (
    <div aria-live="polite">
      <Button type="button" variant="secondary" busy={isLoading} onClick={() => void onClick()}>
        {LoginLinkTexts.send}
      </Button>
      {result ? <MessageBox tone={result.tone}>{result.text}</MessageBox> : null}
    </div>
  );
}

/**
 * `/login/link?email&token` (docs/product/rules.md#R770): opens the session on its button only,
 * so a mail scanner that opens the link spends nothing.
 */
export function LoginLinkConfirm({ email, token }: { email: string; token: string }) {
  const [confirm, { data, error, isLoading, isUninitialized }] = useConfirmLoginLinkMutation();
  const dispatch = useAppDispatch();

  const onClick = async () => {
    const reply = await confirm({ email, token }).unwrap().catch(() => null);
    if (reply && 'token' in reply && reply.token) dispatch(loggedIn({ email: reply.user, token: reply.token }));
  };

  if (isUninitialized || isLoading) {
    return (
      <>
        <title>{`${LoginLinkTexts.title} — Outils`}</title>
        <h1>{LoginLinkTexts.title}</h1>
        <p>{LoginLinkTexts.lead(email)}</p>
        <Button type="button" busy={isLoading} onClick={() => void onClick()}>
          {LoginLinkTexts.action}
        </Button>
      </>
    );
  }
  if (error || !data || !('token' in data)) {
    return (
      <>
        <title>Oups, il y a eu un souci — Outils</title>
        <h1>Oups, il y a eu un souci</h1>
        <MessageBox tone="error">{asApiError(error).message ?? LoginLinkTexts.failed}</MessageBox>
        <p>
          <Link to={WebRoutes.login}>Aller à la page de connexion</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <title>Vous êtes connecté — Outils</title>
      <h1>Vous êtes connecté</h1>
      <MessageBox tone="success">{LoginLinkTexts.done}</MessageBox>
      <Link to={WebRoutes.profile} className={buttonClassName()}>
        Aller à mon profil
      </Link>
    </>
  );
}
