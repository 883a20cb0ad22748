import type { SupportInboxMessage } from '../../../../domain/supportMessage.ts';
import { outboxLabels } from '../utils/outboxLabels.ts';
import './SupportInboxList.css';

export type SupportInboxListProps = {
  messages: SupportInboxMessage[];
  /** A new page is loading: the messages stay, dimmed. */
  busy: boolean;
};

/** Support messages with their sender, organisation, page and time. */
export function SupportInboxList({ messages, busy }: SupportInboxListProps) {
  return (
    <ol
      className={`support-inbox${busy ? ' support-inbox--busy' : ''}`}
      aria-label="Support messages, newest first"
      aria-busy={busy || undefined}
      data-testid="support-inbox"
    >
      {messages.map((message) => (
        <li key={message.id} className="support-inbox__item">
          <div className="support-inbox__meta">
            <span className="support-inbox__who">
              <strong>{message.user_name || message.user_email}</strong>{' '}
              <a href={`mailto:${message.user_email}`} className="support-inbox__email">
                {message.user_email}
              </a>
            </span>
            <span className="support-inbox__org">{message.org_name}</span>
            <time className="support-inbox__time" dateTime={message.created_at}>
              {outboxLabels.time(message.created_at)}
            </time>
          </div>
          <p className="support-inbox__text">{message.message}</p>
          {message.page_path ? (
            <p className="support-inbox__page">
              Sent from <code>{message.page_path}</code>
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
