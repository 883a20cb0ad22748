import { useSelector } from '@xstate/react';
import type { SupportChatActor } from '../../../../machines/supportChatMachine.ts';

/** Sending, sent or why it failed, announced to screen readers. */
export function SupportSendStatus({ actor }: { actor: SupportChatActor }) {
  const sending = useSelector(actor, (s) => s.matches({ send: 'sending' }));
  const sent = useSelector(actor, (s) => s.matches({ send: 'sent' }));
  const error = useSelector(actor, (s) => s.context.sendError);

  if (error) {
    return (
      <p className="support-status support-status--error" role="alert" data-testid="support-status">
        {error}
      </p>
    );
  }
  return (
    <p
      className={`support-status${sent ? ' support-status--sent' : ''}`}
      role="status"
      data-testid="support-status"
    >
      {sending ? 'Sending…' : sent ? 'Sent' : ''}
    </p>
  );
}
