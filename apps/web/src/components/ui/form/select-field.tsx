import { forwardRef, ReactNode, SelectHTMLAttributes } from 'react';
import { FieldShell, useFieldControl } from './field-shell';

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
  { label, options, placeholder, hint, error, id, required, className, 'aria-describedby': extra, ...rest },
  ref,
) {
  const control = useFieldControl({ id, hint, error, required, className, describedBy: extra });
  return (
    <FieldShell id={control.id} label={label} hint={hint} error={error} required={required}>
      <select ref={ref} {...rest} {...control}>
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
