import styles from './spinner.module.css';

/** A polite loading indicator with a French text for screen readers. */
export function Spinner({ label = 'Chargement…' }: { label?: string }) {
  return (
    <div className={styles.wrap} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
