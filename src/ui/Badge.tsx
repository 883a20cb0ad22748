import type { ReactNode } from 'react';
import './Badge.css';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

export type BadgeProps = {
  tone?: BadgeTone;
  /** A longer explanation, shown on hover (a status's meaning, a send's last error). */
  title?: string;
  children: ReactNode;
};

export function Badge({ tone = 'neutral', title, children }: BadgeProps) {
  return (
    <span className={`ui-badge ui-badge--${tone}`} title={title}>
      {children}
    </span>
  );
}
