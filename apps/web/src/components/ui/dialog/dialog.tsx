import * as RadixDialog from '@radix-ui/react-dialog';
import { ReactNode, useLayoutEffect, useRef } from 'react';
import { useRegisterOpenDialog } from './open-dialogs';
import styles from './dialog.module.css';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom. */
  actions?: ReactNode;
  /** Role "alertdialog" for confirmations and alerts. */
  alert?: boolean;
  /** 'sheet': slides up from the bottom on small screens (panels such as the filters). */
  variant?: 'centered' | 'sheet';
}

/**
 * An accessible modal (Radix): focus is trapped inside and returned to the opener on close,
 * Escape closes, the title and description are announced.
 */
export function Dialog({ open, onOpenChange, title, description, children, actions, alert, variant = 'centered' }: DialogProps) {
  // Controlled dialogs have no Radix trigger: remember the opener to give it the focus back.
  const opener = useRef<HTMLElement | null>(null);
  useRegisterOpenDialog(open);
  useLayoutEffect(() => {
    if (open && typeof document !== 'undefined') opener.current = document.activeElement as HTMLElement | null;
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content className={variant === 'sheet' ? `${styles.content} ${styles.sheet}` : styles.content} role={alert ? 'alertdialog' : 'dialog'}
          onCloseAutoFocus={(event) => {
            const el = opener.current;
            // The app already moved the focus on (e.g. to a heading after deleting the opener's row): keep it there.
            if (document.activeElement && document.activeElement !== document.body) return event.preventDefault();
            if (el && el !== document.body && el.isConnected) {
              event.preventDefault();
              el.focus();
            }
          }}
          // Without a description, tell Radix on purpose that none is described.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description ? <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description> : null}
          {children}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
          <RadixDialog.Close className={styles.close} aria-label="Fermer">×</RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
