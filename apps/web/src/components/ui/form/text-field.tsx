import { forwardRef, InputHTMLAttributes, ReactNode, TextareaHTMLAttributes, useId } from 'react';
import { describedBy } from './field-error';
import { errorId, FieldShell, hintId } from './field-shell';
import styles from './form.module.css';

interface CommonProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The error message; marks the control invalid and ties the text to it. */
  error?: string;
}

export type TextFieldProps = CommonProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>;

/** A labelled input (text, e-mail, number, file…), to use with react-hook-form's `register`. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, id: givenId, required, className, 'aria-describedby': extraDescribedBy, ...rest },
  ref,
) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required}>
      <input
        ref={ref}
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId(id), error && errorId(id), extraDescribedBy)}
        className={[styles.control, className].filter(Boolean).join(' ')}
        {...rest}
      />
    </FieldShell>
  );
});

export type TextAreaFieldProps = CommonProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>;

/** A labelled multi-line text. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, hint, error, id: givenId, required, className, ...rest },
  ref,
) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required}>
      <textarea
        ref={ref}
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId(id), error && errorId(id))}
        className={[styles.control, className].filter(Boolean).join(' ')}
        {...rest}
      />
    </FieldShell>
  );
});
