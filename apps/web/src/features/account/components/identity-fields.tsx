import { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import type { ActivityArea } from '@outils/contracts';
import { EmailField, SelectField, TextField } from '../../../components/ui/form';
import { requiredEmail } from '../../../lib/email';
import { AccountFieldMessages } from '../texts';
import { activityOptions } from './activity-options';
import styles from './account-forms.module.css';

interface IdentityValues extends FieldValues {
  lastName: string;
  firstName: string;
  mail: string;
}

interface ActivityValues extends FieldValues {
  job: string;
  activityArea: string;
}

interface FieldsProps<T extends FieldValues> {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}

const message = (error: { message?: unknown } | undefined) => error?.message as string | undefined;

const NAMES = [
  { name: 'lastName', label: 'Nom', autoComplete: 'family-name', missing: AccountFieldMessages.lastNameRequired },
  { name: 'firstName', label: 'Prénom', autoComplete: 'given-name', missing: AccountFieldMessages.firstNameRequired },
] as const;

/*
 * Render functions, not components: the form calls them in its own render, so that these fields
 * register with react-hook-form in the order they are shown, before the fields that follow them;
 * on a refused submit the first field in error in that order gets the focus.
 */

/** Last name and first name side by side, then the e-mail: all three required (sign-up, profile). */
export function identityFields<T extends IdentityValues>({ register, errors }: FieldsProps<T>) {
  return (
    <>
      <div className={styles.grid}>
        {NAMES.map(({ name, label, autoComplete, missing }) => (
          <TextField
            key={name}
            label={label}
            autoComplete={autoComplete}
            required
            error={message(errors[name])}
            {...register(name as Path<T>, { validate: (v: string) => !!v.trim() || missing })}
          />
        ))}
      </div>
      <EmailField required error={message(errors.mail)} {...register('mail' as Path<T>, requiredEmail(AccountFieldMessages.mailRequired))} />
    </>
  );
}

/** Job and activity area side by side, both optional; 'Aucun' first (docs/product/rules.md#R59). */
export function activityFields<T extends ActivityValues>({ register, errors, activities }: FieldsProps<T> & { activities: ActivityArea[] | undefined }) {
  return (
    <div className={styles.grid}>
      <TextField label="Métier" autoComplete="organization-title" error={message(errors.job)} {...register('job' as Path<T>)} />
      <SelectField label="Secteur d’activité" options={activityOptions(activities)} error={message(errors.activityArea)} {...register('activityArea' as Path<T>)} />
    </div>
  );
}
