import { forwardRef, ReactNode } from 'react';
import { TextField, TextFieldProps } from './text-field';

export type EmailFieldProps = Omit<TextFieldProps, 'type' | 'label'> & { label?: ReactNode };

/** An e-mail input with the e-mail keyboard and the browser's address suggestions; 'Adresse e-mail' unless told. */
export const EmailField = forwardRef<HTMLInputElement, EmailFieldProps>(function EmailField({ label = 'Adresse e-mail', ...rest }, ref) {
  return <TextField ref={ref} label={label} type="email" inputMode="email" autoComplete="email" {...rest} />;
});
