/** A pragmatic e-mail check for the forms (the server has the last word). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_INVALID = 'Saisissez une adresse e-mail valide, par exemple nom@domaine.fr.';

/** The rules of a required e-mail field (react-hook-form's `register`), with its own "missing" message. */
export function requiredEmail(missing: string) {
  return { required: missing, pattern: { value: EMAIL_PATTERN, message: EMAIL_INVALID } };
}

/** The rule of an optional e-mail field: empty, or an address. */
export const optionalEmail = {
  validate: (value: string) => !value.trim() || EMAIL_PATTERN.test(value.trim()) || EMAIL_INVALID,
};
