import { ReactNode } from 'react';
import styles from './message-box.module.css';

export interface MessageBoxProps {
  /** docs/product/rules.md#R151: red with a warning icon for errors, green with a check icon for success. */
  tone: 'error' | 'success' | 'warning';
  /** One message, or several shown one per line. */
  children: ReactNode | string[];
}

const icons = {
  error: <path d="M12 2 1 21h22L12 2zm1 15h-2v-2h2v2zm0-4h-2V9h2v4z" fill="currentColor" />,
  warning: <path d="M12 2 1 21h22L12 2zm1 15h-2v-2h2v2zm0-4h-2V9h2v4z" fill="currentColor" />,
  success: <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" fill="currentColor" />,
};

/** Announced to screen readers: errors assertively, the rest politely. */
export function MessageBox({ tone, children }: MessageBoxProps) {
  const content = Array.isArray(children) ? (
    <ul className={styles.lines}>{children.map((line, i) => <li key={i}>{line}</li>)}</ul>
  ) : (
    <div>{children}</div>
  );
  return (
    <div className={`${styles.box} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">{icons[tone]}</svg>
      {content}
    </div>
  );
}
