import styles from './form.module.css';

export interface PasswordRulesProps {
  id: string;
  /** Each part of the rule and whether the typed password meets it (`checkPasswordRule`). */
  checks: Array<{ id: string; label: string; ok: boolean }>;
  /** Once something is typed, unmet parts turn red. */
  touched: boolean;
}

/** The password rule, part by part, updated as the user types and announced politely. */
export function PasswordRules({ id, checks, touched }: PasswordRulesProps) {
  return (
    <ul id={id} className={styles.rules} aria-live="polite" aria-label="Règles du mot de passe">
      {checks.map((check) => (
        <li
          key={check.id}
          className={[styles.rule, check.ok ? styles.ruleOk : styles.ruleKo, touched ? styles.touched : null].filter(Boolean).join(' ')}
          data-valid={check.ok}
        >
          {check.label}
          <span className="visually-hidden">{check.ok ? ' : respecté' : ' : non respecté'}</span>
        </li>
      ))}
    </ul>
  );
}
