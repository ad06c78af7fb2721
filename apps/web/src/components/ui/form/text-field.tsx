import { forwardRef, InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { FieldShell, useFieldControl } from './field-shell';

interface CommonProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The error message; marks the control invalid and ties the text to it. */
  error?: string;
}

export type TextFieldProps = CommonProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>;

/** A labelled input (text, e-mail, number, file…), to use with react-hook-form's `register`. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, id, required, className, 'aria-describedby': extra, ...rest },
  ref,
) {
  const control = useFieldControl({ id, hint, error, required, className, describedBy: extra });
  return (
    <FieldShell id={control.id} label={label} hint={hint} error={error} required={required}>
      <input ref={ref} {...rest} {...control} />
    </FieldShell>
  );
});

export type TextAreaFieldProps = CommonProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>;

/** A labelled multi-line text. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, hint, error, id, required, className, 'aria-describedby': extra, ...rest },
  ref,
) {
  const control = useFieldControl({ id, hint, error, required, className, describedBy: extra });
  return (
    <FieldShell id={control.id} label={label} hint={hint} error={error} required={required}>
      <textarea ref={ref} {...rest} {...control} />
    </FieldShell>
  );
});
