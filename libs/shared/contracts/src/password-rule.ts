/**
 * The password rule of docs/product/rules.md#R734, shared by the API's validation and the web form:
 * 8 to 32 characters, at least one digit, one lowercase, one uppercase and one non-word character.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 32;
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[\W_]).{8,32}$/;
/** The hint under the field: every part the checklist and the server ask for, the digit included (docs/product/rules.md#R734). */
export const PASSWORD_RULE_LABEL =
  'De 8 à 32 caractères, dont au moins 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial';

export interface PasswordRuleCheck {
  id: 'length' | 'digit' | 'lowercase' | 'uppercase' | 'special';
  label: string;
  ok: boolean;
}

/** Each part of the rule, so that the form can show which ones are met as the user types. */
export function checkPasswordRule(password: string): PasswordRuleCheck[] {
  return [
    { id: 'length', label: '8 à 32 caractères', ok: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH },
    { id: 'uppercase', label: '1 majuscule', ok: /[A-Z]/.test(password) },
    { id: 'lowercase', label: '1 minuscule', ok: /[a-z]/.test(password) },
    { id: 'digit', label: '1 chiffre', ok: /\d/.test(password) },
    { id: 'special', label: '1 caractère spécial', ok: /[\W_]/.test(password) },
  ];
}

export function isPasswordValid(password: string): boolean {
  return PASSWORD_PATTERN.test(password);
}
