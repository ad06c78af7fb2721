/** A pragmatic e-mail check for the forms (the server has the last word). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_INVALID = 'Saisissez une adresse e-mail valide, par exemple nom@domaine.fr.';
