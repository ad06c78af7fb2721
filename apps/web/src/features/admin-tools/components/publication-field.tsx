import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { PublicationStatus } from '@outils/contracts';
import { FieldError, TextField } from '../../../components/ui/form';
import { AdminToolTexts } from '../texts';
import { scheduledInstant } from '../utils/publication';
import type { ToolFormValues } from '../utils/tool-form-data';
import styles from './admin-tools.module.css';

const CHOICES: Array<{ value: PublicationStatus; label: string; hint: string }> = [
  { value: 'draft', label: AdminToolTexts.publicationDraft, hint: AdminToolTexts.publicationDraftHint },
  { value: 'scheduled', label: AdminToolTexts.publicationScheduled, hint: AdminToolTexts.publicationScheduledHint },
  { value: 'published', label: AdminToolTexts.publicationPublished, hint: AdminToolTexts.publicationPublishedHint },
];

export interface PublicationFieldProps {
  register: UseFormRegister<ToolFormValues>;
  errors: FieldErrors<ToolFormValues>;
  publication: PublicationStatus;
}

/**
 * « Brouillon », « Programmé le… » (a date and a time, Paris time) or « Publié »
 * (docs/product/rules.md#R654): radio buttons in a fieldset; the date and time appear for a
 * scheduled publication and must name a moment to come.
 */
export function PublicationField({ register, errors, publication }: PublicationFieldProps) {
  const validateSchedule = (_: string, all: ToolFormValues) => {
    if (all.publication !== 'scheduled') return true;
    const instant = scheduledInstant(all);
    return 'iso' in instant || instant.error;
  };
  return (
    <fieldset className={styles.section} aria-describedby={errors.publication ? 'publication-error' : undefined}>
      <legend className={styles.legend}>{AdminToolTexts.publicationLegend}</legend>
      <div className={styles.publicationChoices}>
        {CHOICES.map((choice) => (
          <label key={choice.value} className={styles.publicationChoice}>
            <input type="radio" value={choice.value} aria-describedby={`publication-${choice.value}-hint`} {...register('publication')} />
            <span>
              <span className={styles.publicationLabel}>{choice.label}</span>
              <span id={`publication-${choice.value}-hint`} className={styles.publicationHint}>{choice.hint}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id="publication-error" message={errors.publication?.message} />
      {publication === 'scheduled' ? (
        <div className={`${styles.grid} ${styles.grid2}`}>
          <TextField
            label={AdminToolTexts.publishDate}
            type="date"
            required
            error={errors.publishDate?.message}
            {...register('publishDate', { validate: validateSchedule })}
          />
          <TextField
            label={AdminToolTexts.publishTime}
            type="time"
            required
            error={errors.publishTime?.message}
            {...register('publishTime', {
              // One message for both when nothing is given: the date says it.
              validate: (v, all) => !!v || all.publication !== 'scheduled' || !all.publishDate || AdminToolTexts.publishTimeRequired,
            })}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
