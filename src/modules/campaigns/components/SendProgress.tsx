import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { countOf } from '../../../../domain/countOf.ts';
import type { EditionSendInfo, ResendTarget } from '../../../../domain/editionSend.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import type { PublishActor } from '../../../../machines/publishMachine.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';

const STATUS_TEXT: Record<string, string> = {
  sending: 'Going out',
  paused: 'Paused',
  sent: 'Sent',
  failed: 'Failed',
};

const RESEND_TEXT: Record<ResendTarget, { button: string; question: string }> = {
  not_opened: {
    button: 'Resend to who did not open',
    question: 'Send this edition once more to everyone who got it and has not opened it?',
  },
  new_contacts: {
    button: 'Send to people added since',
    question: 'Send this edition to the people added to its lists since it went out? Nobody gets it twice.',
  },
};

/**
 * Where a send's emails are: being queued, on their way, delivered (and how many failed), as the last
 * look at the send found them.
 */
function progressText(send: EditionSendInfo): string {
  const failed = send.failed_count > 0 ? `, ${formatThousands(send.failed_count)} failed` : '';
  const done = send.delivered_count + send.failed_count;
  if (send.status === 'failed') {
    return `Stopped after queueing ${countOf(send.queued_count, 'email', 'emails')}: ${send.error ?? 'the send failed'}.`;
  }
  if (send.status === 'sending') {
    return `${countOf(send.queued_count, 'email', 'emails')} queued so far; ${formatThousands(send.delivered_count)} delivered.`;
  }
  if (send.pending_count > 0) {
    const onTheWay =
      send.pending_count === 1 ? '1 on its way' : `${formatThousands(send.pending_count)} on their way`;
    return `${formatThousands(send.delivered_count)} of ${countOf(done + send.pending_count, 'email', 'emails')} delivered${failed}; ${onTheWay}.`;
  }
  if (done === 0) return `${countOf(send.queued_count, 'email', 'emails')} queued.`;
  return `${formatThousands(send.delivered_count)} of ${countOf(done, 'email', 'emails')} delivered${failed}.`;
}

/** A send under way or done: where its emails are, pause and resume, and the two kinds of resend. */
export function SendProgress({ actor }: { actor: PublishActor }) {
  const send = useSelector(actor, (s) => s.context.send);
  const message = useSelector(actor, (s) => s.context.message);
  const canPause = useSelector(actor, (s) => s.matches({ sent: 'watching' }));
  const settled = useSelector(actor, (s) => s.matches({ sent: 'settled' }));
  const working = useSelector(
    actor,
    (s) =>
      s.matches({ sent: 'pausing' }) || s.matches({ sent: 'resuming' }) || s.matches({ sent: 'resending' }),
  );
  const [asking, setAsking] = useState<ResendTarget | null>(null);
  if (!send) return null;
  const status = send.status;

  return (
    <Card
      title={send.kind === 'resend' ? 'Resend' : 'Progress'}
      actions={
        <Badge tone={status === 'sent' ? 'success' : status === 'failed' ? 'danger' : 'info'}>
          {status === 'sent' && send.pending_count > 0 ? 'Delivering' : (STATUS_TEXT[status] ?? status)}
        </Badge>
      }
    >
      <div className="publish-send">
        <p className="publish-send__status" aria-live="polite" data-testid="send-progress">
          {progressText(send)}
        </p>
        {message ? <Alert tone="error">{message}</Alert> : null}
        <div className="publish-send__actions">
          {canPause && status === 'sending' ? (
            <Button variant="secondary" onClick={() => actor.send({ type: 'publish.pause' })}>
              Pause
            </Button>
          ) : null}
          {settled && (status === 'paused' || status === 'failed') ? (
            <Button onClick={() => actor.send({ type: 'publish.resume' })}>Resume</Button>
          ) : null}
          {status === 'sent'
            ? (['not_opened', 'new_contacts'] as const).map((to) => (
                <Button
                  key={to}
                  variant="secondary"
                  disabled={!settled || working}
                  onClick={() => setAsking(to)}
                >
                  {RESEND_TEXT[to].button}
                </Button>
              ))
            : null}
        </div>
      </div>
      <ConfirmDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? RESEND_TEXT[asking].button : ''}
        tone="primary"
        confirmLabel="Send"
        onConfirm={() => {
          if (asking) actor.send({ type: 'publish.resend', to: asking });
          setAsking(null);
        }}
      >
        <p>{asking ? RESEND_TEXT[asking].question : ''}</p>
      </ConfirmDialog>
    </Card>
  );
}
