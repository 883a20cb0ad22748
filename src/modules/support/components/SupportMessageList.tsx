import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { SupportChatActor } from '../../../../machines/supportChatMachine.ts';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { formatSupportTime } from '../utils/formatSupportTime.ts';

/** The person's own messages, oldest first, scrolled to the newest. */
export function SupportMessageList({ actor }: { actor: SupportChatActor }) {
  const messages = useSelector(actor, (s) => s.context.messages);
  const loading = useSelector(actor, (s) => s.matches({ history: 'loading' }));
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const failed = useSelector(actor, (s) => s.matches({ history: 'failed' }));
  const endRef = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (messages.length > 0) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages]);

  return (
    <div className="support-panel__body">
      {failed && loadError ? (
        <div className="support-panel__notice" role="alert">
          <p>Your earlier messages could not be loaded. {loadError.message}</p>
          <Button size="sm" variant="secondary" onClick={() => actor.send({ type: 'support.reload' })}>
            Try again
          </Button>
        </div>
      ) : null}
      {loading && messages.length === 0 ? (
        <div className="support-panel__notice">
          <Spinner size="sm" label="Loading your messages" />
        </div>
      ) : null}
      {!loading && !failed && messages.length === 0 ? (
        <p className="support-panel__empty">
          No messages yet. Ask us anything about the workbench: how something works, or what went wrong.
        </p>
      ) : null}
      {messages.length > 0 ? (
        <ol className="ui-stack-list" aria-label="Your messages" data-testid="support-messages">
          {messages.map((message) => (
            <li key={message.id} className="support-bubble">
              <p className="support-bubble__text">{message.message}</p>
              <time className="support-bubble__time" dateTime={message.created_at}>
                {formatSupportTime(message.created_at)}
              </time>
            </li>
          ))}
          <li ref={endRef} className="support-panel__end" aria-hidden="true" />
        </ol>
      ) : null}
    </div>
  );
}
