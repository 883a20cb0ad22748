import type { ReactNode } from 'react';
import './Alert.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

export type AlertProps = {
  tone?: AlertTone;
  title?: string;
  children?: ReactNode;
  /** Buttons or links under the message. */
  actions?: ReactNode;
};

const ICONS: Record<AlertTone, string> = {
  info: 'M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1Zm0 6a.8.8 0 0 0-.8.8v3.4a.8.8 0 0 0 1.6 0V7.8A.8.8 0 0 0 8 7Zm0-3a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z',
  success:
    'M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1Zm3.2 4.4a.8.8 0 0 0-1.1.1L7.2 9 5.9 7.7a.8.8 0 1 0-1.1 1.1l1.9 1.9a.8.8 0 0 0 1.2-.1l3.4-4.1a.8.8 0 0 0-.1-1.1Z',
  warning:
    'M8.9 1.6 15 12.5a1 1 0 0 1-.9 1.5H1.9a1 1 0 0 1-.9-1.5L7.1 1.6a1 1 0 0 1 1.8 0ZM8 10.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Zm0-5.5a.8.8 0 0 0-.8.85l.2 3a.6.6 0 0 0 1.2 0l.2-3A.8.8 0 0 0 8 5Z',
  error:
    'M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1Zm0 9.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2ZM8 4a.9.9 0 0 0-.9.95l.2 4.1a.7.7 0 0 0 1.4 0l.2-4.1A.9.9 0 0 0 8 4Z',
};

/** A message in the page: errors are announced at once (role alert), others politely (role status). */
export function Alert({ tone = 'info', title, children, actions }: AlertProps) {
  return (
    <div className={`ui-alert ui-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <svg className="ui-alert__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={ICONS[tone]} />
      </svg>
      <div className="ui-alert__body">
        {title ? <p className="ui-alert__title">{title}</p> : null}
        {children ? <div className="ui-alert__text">{children}</div> : null}
        {actions ? <div className="ui-alert__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
