import { FieldErrors, VersionLimits, VersionMessages } from '@outils/contracts';
import { CONTROL_CHARACTERS } from '../../../common/validation/patterns';

/** What the tool form says about the version a new file makes (docs/product/rules.md#R901, #R911). */
export interface VersionFormValues {
  /** « Quoi de neuf ? », line breaks as `\n`, trimmed; null when not sent or empty. */
  note: string | null;
  /** « Mise à jour mineure (pas d'alerte) ». */
  minor: boolean;
}

const TRUE = new Set(['true', '1', 'on', 'oui']);
const FALSE = new Set(['false', '0', 'off', 'non', '']);

/**
 * Reads `versionNote` and `minorUpdate` of the tool form. The note is required when an update
 * replaces the file (docs/product/rules.md#R901); on creation it is optional (the first version's).
 * Sent without a new file, both are ignored: editing only the sheet's text makes no version.
 */
export function readVersionFields(body: Record<string, unknown>, newFile: boolean, mode: 'create' | 'update'): { values: VersionFormValues; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const values: VersionFormValues = { note: null, minor: false };
  if (!newFile) return { values, errors };

  const raw = body.versionNote;
  if (raw !== undefined && raw !== null && (typeof raw !== 'string' || /[\u0000\u007f]/.test(raw))) {
    errors.versionNote = [VersionMessages.noteNotText];
  } else {
    const note = typeof raw === 'string' ? raw.replace(/\r\n?/g, '\n').replace(CONTROL_CHARACTERS, ' ').trim() : '';
    if (note.length > VersionLimits.noteMaxLength) errors.versionNote = [VersionMessages.noteTooLong(VersionLimits.noteMaxLength)];
    else if (!note && mode === 'update') errors.versionNote = [VersionMessages.noteRequired];
    else values.note = note || null;
  }

  const minor = body.minorUpdate;
  if (minor !== undefined && minor !== null) {
    const text = String(minor).trim().toLowerCase();
    if (typeof minor === 'boolean') values.minor = minor;
    else if (typeof minor === 'string' && TRUE.has(text)) values.minor = true;
    else if (typeof minor === 'string' && FALSE.has(text)) values.minor = false;
    else errors.minorUpdate = [VersionMessages.minorInvalid];
  }
  return { values, errors };
}
