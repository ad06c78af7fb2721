import { ReactNode, useState } from 'react';
import { MessageBox } from '../../../components/ui/message-box';
import { useResendActivationMutation } from '../api/auth.api';
import styles from './auth-forms.module.css';

/** The resend failure text (docs/product/rules.md#R149). */
export const RESEND_FAILED = "Une erreur s’est produite";

export interface ResendActivationProps {
  email: string;
  /** The button's text ('Renvoyer l'email d'activation', 'cliquez ici'). */
  children: ReactNode;
  /** Text around the button, when the button sits inside a sentence. */
  before?: ReactNode;
  after?: ReactNode;
}

/** A button that asks the server to send the activation mail again, then shows its answer. */
export function ResendActivation({ email, children, before, after }: ResendActivationProps) {
  const [resend, { isLoading }] = useResendActivationMutation();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const onClick = async () => {
    setResult(null);
    try {
      const { message } = await resend({ email }).unwrap();
      setResult({ tone: 'success', text: message });
    } catch {
      setResult({ tone: 'error', text: RESEND_FAILED });
    }
  };

  return (
    <>
      <p>
        {before}
        <button type="button" className={styles.inlineButton} onClick={onClick} disabled={isLoading} aria-busy={isLoading || undefined}>
          {children}
        </button>
        {after}
      </p>
      {result ? <MessageBox tone={result.tone}>{result.text}</MessageBox> : null}
    </>
  );
}
