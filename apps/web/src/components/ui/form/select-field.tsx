import { forwardRef, ReactNode, SelectHTMLAttributes, useId } from 'react';
import { describedBy } from './field-error';
import { errorId, FieldShell, hintId } from './field-shell';
import styles from './form.module.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: ReactNode;
  options: SelectOption[];
  /** A first, empty choice ("Choisir…"). */
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
}

/** A labelled native select (keyboard and screen-reader friendly on every device). */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, options, placeholder, hint, error, id: givenId, required, className, ...rest },
  ref,
) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required}>
      <select
        ref={ref}
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId(id), error && errorId(id))}
        className={[styles.control, className].filter(Boolean).join(' ')}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
});
