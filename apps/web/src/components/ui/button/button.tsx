import { ButtonHTMLAttributes, forwardRef } from 'react';
import styles from './button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'md' | 'small';
  block?: boolean;
  /** Shows the busy state and blocks a second submission. */
  busy?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', block, busy, className, disabled, type = 'button', children, ...rest },
  ref,
) {
  const classes = [styles.button, styles[variant], size === 'small' && styles.small, block && styles.block, className].filter(Boolean).join(' ');
  return (
    <button ref={ref} type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {children}
    </button>
  );
});

/** Class names to style a link as a button. */
export function buttonClassName(variant: ButtonProps['variant'] = 'primary', size: ButtonProps['size'] = 'md') {
  return [styles.button, styles[variant], size === 'small' && styles.small].filter(Boolean).join(' ');
}
