import { ReactNode } from 'react';
import styles from './badge.module.css';

export interface BadgeProps {
  /** 'new': the 'Nouveau' badge; 'soon': 'bientôt'; 'neutral': a category or a level. */
  tone?: 'new' | 'soon' | 'neutral' | 'primary';
  children: ReactNode;
  className?: string;
}

export function Badge({ tone = 'neutral', children, className }: BadgeProps) {
  return <span className={[styles.badge, styles[tone], className].filter(Boolean).join(' ')}>{children}</span>;
}
