import { ReactNode, useId } from 'react';
import { describedBy, FieldError } from './field-error';
import styles from './form.module.css';

export interface FieldShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  children: ReactNode;
  /** Content under the control (a live rule list…). */
  after?: ReactNode;
}

export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

/** Label, hint, control and error stacked; the asterisk is visual only (the control carries `required`). */
export function FieldShell({ id, label, hint, error, required, children, after }: FieldShellProps) {
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {/* Outside the label so that the accessible name stays the label's words. */}
        {required ? (
          <span className={styles.requiredMark} aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId(id)} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      {after}
      <FieldError id={errorId(id)} message={error} />
    </div>
  );
}

/**
 * The id and ARIA wiring of a control shown in a FieldShell: invalid state, and the hint and
 * error texts (plus any the caller adds) tied to it.
 */
export function useFieldControl(options: { id?: string; hint?: ReactNode; error?: string; required?: boolean; className?: string; describedBy?: string }) {
  const generated = useId();
  const id = options.id ?? generated;
  return {
    id,
    required: options.required,
    'aria-invalid': options.error ? true : undefined,
    'aria-describedby': describedBy(options.hint && hintId(id), options.error && errorId(id), options.describedBy),
    className: [styles.control, options.className].filter(Boolean).join(' '),
  };
}
