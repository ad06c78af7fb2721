import styles from './form.module.css';

export interface FieldErrorProps {
  /** Referenced by the field's `aria-describedby`. */
  id: string;
  message?: string;
}

/** The error text under a field; rendered only when there is one. */
export function FieldError({ id, message }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      {message}
    </p>
  );
}

/** `aria-describedby` value from the ids that exist. */
export function describedBy(...ids: unknown[]): string | undefined {
  const list = ids.filter((id): id is string => typeof id === 'string' && id !== '').join(' ');
  return list || undefined;
}
