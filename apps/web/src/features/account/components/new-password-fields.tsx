import { useId } from 'react';
import { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { checkPasswordRule, isPasswordValid, PASSWORD_PATTERN, PASSWORD_RULE_LABEL } from '@outils/contracts';
import { PasswordField, PasswordRules } from '../../../components/ui/form';
import { AccountFieldMessages } from '../texts';

interface NewPasswordValues extends FieldValues {
  password: string;
  passwordConfirm: string;
}

export interface NewPasswordFieldsProps<T extends NewPasswordValues> {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** The typed password (`watch('password')`), for the live rule display. */
  password: string;
  /** Required on sign-up and reset; on the profile only when a new password is wanted. */
  required: boolean;
  labels?: { password: string; passwordConfirm: string };
}

/**
 * New password and its confirmation (docs/product/rules.md#R734, #R42): the rule shown part by part as the user types,
 * the field green once valid; the confirmation must be supplied (the server checks it matches).
 */
export function NewPasswordFields<T extends NewPasswordValues>({
  register,
  errors,
  password,
  required,
  labels = { password: 'Mot de passe', passwordConfirm: 'Confirmation du mot de passe' },
}: NewPasswordFieldsProps<T>) {
  const rulesId = useId();
  const value = password ?? '';
  return (
    <>
      <PasswordField
        label={labels.password}
        hint={PASSWORD_RULE_LABEL}
        autoComplete="new-password"
        required={required}
        valid={isPasswordValid(value)}
        rulesId={rulesId}
        after={<PasswordRules id={rulesId} checks={checkPasswordRule(value)} touched={value.length > 0} />}
        error={errors.password?.message as string | undefined}
        {...register('password' as Path<T>, {
          required: required ? AccountFieldMessages.passwordRequired : false,
          validate: (v: string) => !v || PASSWORD_PATTERN.test(v) || AccountFieldMessages.passwordRule,
        })}
      />
      <PasswordField
        label={labels.passwordConfirm}
        autoComplete="new-password"
        required={required || value.length > 0}
        error={errors.passwordConfirm?.message as string | undefined}
        {...register('passwordConfirm' as Path<T>, {
          validate: (v: string, all: T) => (required || !!all.password ? !!v || AccountFieldMessages.passwordConfirmRequired : true),
        })}
      />
    </>
  );
}
