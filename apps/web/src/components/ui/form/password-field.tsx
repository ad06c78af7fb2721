import { forwardRef, InputHTMLAttributes, ReactNode, useId, useState } from 'react';
import { describedBy } from './field-error';
import { errorId, FieldShell, hintId } from './field-shell';
import styles from './form.module.css';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Content under the input, for example the live rule list (give it an id and pass it in `rulesId`). */
  after?: ReactNode;
  rulesId?: string;
  /** Green border once the value meets the rule. */
  valid?: boolean;
}

const eye = (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M12 5C6.5 5 2.7 8.6 1 12c1.7 3.4 5.5 7 11 7s9.3-3.6 11-7c-1.7-3.4-5.5-7-11-7zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z" />
  </svg>
);
const eyeOff = (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M2.3 3.7 3.7 2.3l18 18-1.4 1.4-3.2-3.2A11.6 11.6 0 0 1 12 19C6.5 19 2.7 15.4 1 12a13 13 0 0 1 4.1-4.9L2.3 3.7zM12 5c5.5 0 9.3 3.6 11 7a13.3 13.3 0 0 1-3.3 4.2l-3.3-3.3A4.5 4.5 0 0 0 11.1 7.6L8.8 5.4C9.8 5.1 10.9 5 12 5zm-4.4 5 1.6 1.6a2.5 2.5 0 0 0 3.2 3.2l1.6 1.6A4.5 4.5 0 0 1 7.6 10z" />
  </svg>
);

/**
 * A password input with a show/hide toggle: one button whose pressed state says whether the
 * password is visible (its name stays the same, as WAI-ARIA advises for toggle buttons).
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { label, hint, error, after, rulesId, valid, id: givenId, required, className, ...rest },
  ref,
) {
  const generated = useId();
  const id = givenId ?? generated;
  const [visible, setVisible] = useState(false);
  const classes = [styles.control, valid && !error ? styles.valid : null, className].filter(Boolean).join(' ');
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required} after={after}>
      <div className={styles.passwordWrap}>
        <input
          ref={ref}
          id={id}
          type={visible ? 'text' : 'password'}
          required={required}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint && hintId(id), rulesId, error && errorId(id))}
          className={classes}
          {...rest}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={visible}
          aria-controls={id}
          aria-label="Afficher le mot de passe"
          title={visible ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? eyeOff : eye}
        </button>
      </div>
    </FieldShell>
  );
});
