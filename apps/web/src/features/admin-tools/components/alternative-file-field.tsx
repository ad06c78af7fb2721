import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { Tool } from '@outils/contracts';
import { CheckboxField, TextField } from '../../../components/ui/form';
import { AdminAlternativeTexts } from '../texts';
import { extensionOf } from '../utils/image-items';
import type { ToolFormValues } from '../utils/tool-form-data';

const EXTENSIONS = ['pdf', 'docx', 'xlsx', 'csv'];

/**
 * docs/product/rules.md#R943: the declared accessible alternative of the tool (another file, e.g.
 * the DOCX of a PDF): the current one with its check's outcome, a file to add or replace it, and
 * a box to remove it.
 */
export function AlternativeFileField({ alternative, register, errors }: {
  alternative: NonNullable<Tool['file']>['alternative'] | undefined;
  register: UseFormRegister<ToolFormValues>;
  errors: FieldErrors<ToolFormValues>;
}) {
  return (
    <>
      {alternative ? <p>{AdminAlternativeTexts.current(alternative.name, alternative.accessibility?.outcome ?? null)}</p> : null}
      <TextField
        label={AdminAlternativeTexts.label}
        type="file"
        accept={EXTENSIONS.map((ext) => `.${ext}`).join(',')}
        hint={AdminAlternativeTexts.hint}
        error={errors.altFile?.message}
        {...register('altFile', {
          validate: (files) => !files?.[0] || EXTENSIONS.includes(extensionOf(files[0].name)) || AdminAlternativeTexts.type,
        })}
      />
      {alternative ? <CheckboxField label={AdminAlternativeTexts.remove} {...register('altFileRemove')} /> : null}
    </>
  );
}
