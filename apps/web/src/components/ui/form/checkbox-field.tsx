import { forwardRef, InputHTMLAttributes, ReactNode, useId } from 'react';
import { describedBy, FieldError } from './field-error';
import { errorId } from './field-shell';
import styles from './form.module.css';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  /** May hold links (the consent text). */
  label: ReactNode;
  error?: string;
}

/** A checkbox with its label on the right and its error below. */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, error, id: givenId, ...rest },
  ref,
) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={styles.checkbox}>
      <input
        ref={ref}
        id={id}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId(id))}
        {...rest}
      />
      <div className={styles.body}>
        <label htmlFor={id}>{label}</label>
        <FieldError id={errorId(id)} message={error} />
      </div>
    </div>
  );
});
