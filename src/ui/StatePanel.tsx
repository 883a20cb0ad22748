import type { ReactNode } from 'react';
import { Spinner } from './Spinner.tsx';
import './StatePanel.css';

export type StatePanelProps = {
  kind: 'loading' | 'empty' | 'error' | 'info';
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** Smaller padding for use inside panels and tables. */
  compact?: boolean;
};

const ICONS: Record<Exclude<StatePanelProps['kind'], 'loading'>, ReactNode> = {
  empty: (
    <path
      fill="currentColor"
      d="M4 7a3 3 0 0 1 3-3h18a3 3 0 0 1 3 3v18a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3V7Zm3-1a1 1 0 0 0-1 1v10h5.2a1 1 0 0 1 .9.6 4.2 4.2 0 0 0 7.8 0 1 1 0 0 1 .9-.6H26V7a1 1 0 0 0-1-1H7Z"
    />
  ),
  error: (
    <path
      fill="currentColor"
      d="M16 3a13 13 0 1 1 0 26 13 13 0 0 1 0-26Zm0 17.5a1.75 1.75 0 1 0 0 3.5 1.75 1.75 0 0 0 0-3.5ZM16 8a1.6 1.6 0 0 0-1.6 1.7l.4 8a1.2 1.2 0 0 0 2.4 0l.4-8A1.6 1.6 0 0 0 16 8Z"
    />
  ),
  info: (
    <path
      fill="currentColor"
      d="M16 3a13 13 0 1 1 0 26 13 13 0 0 1 0-26Zm0 10.5a1.5 1.5 0 0 0-1.5 1.5v7a1.5 1.5 0 0 0 3 0v-7a1.5 1.5 0 0 0-1.5-1.5Zm0-5.5a1.9 1.9 0 1 0 0 3.8A1.9 1.9 0 0 0 16 8Z"
    />
  ),
};

/** The loading, empty and error states of a page or panel: an icon, a title, a sentence and a way forward. */
export function StatePanel({ kind, title, children, actions, compact = false }: StatePanelProps) {
  return (
    <div
      className={`ui-state ui-state--${kind}${compact ? ' ui-state--compact' : ''}`}
      data-state={kind}
      role={kind === 'error' ? 'alert' : kind === 'loading' ? 'status' : undefined}
      aria-live={kind === 'loading' ? 'polite' : undefined}
    >
      <div className="ui-state__icon">
        {kind === 'loading' ? (
          <Spinner size="lg" />
        ) : (
          <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            {ICONS[kind]}
          </svg>
        )}
      </div>
      <h2 className="ui-state__title">{title}</h2>
      {children ? <div className="ui-state__text">{children}</div> : null}
      {actions ? <div className="ui-state__actions">{actions}</div> : null}
    </div>
  );
}
