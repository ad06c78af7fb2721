import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { VersionLimits } from '@outils/contracts';
import { CheckboxField, TextAreaField } from '../../../components/ui/form';
import type { ToolFormValues } from '../utils/tool-form-data';
import { AdminVersionTexts } from './texts';

/**
 * The version a new file makes (docs/product/rules.md#R901, #R908): « Quoi de neuf ? », required,
 * and « Mise à jour mineure (pas d'alerte) ». Shown in the edit form once a new file is chosen.
 */
export function VersionFields({ register, errors }: { register: UseFormRegister<ToolFormValues>; errors: FieldErrors<ToolFormValues> }) {
  return (
    <>
      <TextAreaField
        label={AdminVersionTexts.noteLabel}
        hint={AdminVersionTexts.noteHint}
        required
        rows={4}
        maxLength={VersionLimits.noteMaxLength}
        error={errors.versionNote?.message}
        {...register('versionNote', { validate: (v) => !!v?.trim() || AdminVersionTexts.noteRequired })}
      />
      <CheckboxField label={AdminVersionTexts.minorLabel} {...register('minorUpdate')} />
      <p>{AdminVersionTexts.minorHint}</p>
    </>
  );
}
