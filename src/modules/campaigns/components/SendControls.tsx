import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { PublishActor } from '../../../../machines/publishMachine.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { defaultScheduleAt, formatScheduledFor } from '../utils/publishForm.ts';

type Props = { actor: PublishActor };

const userZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Send now, schedule (date, time, the user's time zone), or, once scheduled, reschedule or cancel. */
export function SendControls({ actor }: Props) {
  // A look under way (after an autosave) gives way to a send: only a send or a schedule makes it busy.
  const busy = useSelector(
    actor,
    (s) =>
      (s.matches('checking') && s.context.intent !== null) || s.matches('confirming') || s.matches('sending'),
  );
  const scheduled = useSelector(actor, (s) => s.matches('scheduled'));
  const scheduleBusy = useSelector(
    actor,
    (s) => s.matches({ scheduled: 'cancelling' }) || s.matches({ scheduled: 'rescheduling' }),
  );
  const send = useSelector(actor, (s) => s.context.send);
  const message = useSelector(actor, (s) => s.context.message);
  const [at, setAt] = useState(() => defaultScheduleAt(new Date()));
  const zone = userZone();

  // What the screen shows is saved first and checked by the server's preflight: its findings say what to fix.
  const start = (how: 'send' | 'schedule') => {
    if (how === 'send') actor.send({ type: 'publish.send' });
    else actor.send({ type: 'publish.schedule', at });
  };

  const when = (
    <div className="publish-page__row">
      <TextField
        label="Date"
        type="date"
        value={at.date}
        required
        onChange={(event) => setAt((current) => ({ ...current, date: event.target.value }))}
      />
      <TextField
        label="Time"
        type="time"
        value={at.time}
        required
        hint={`Your time zone: ${zone}`}
        onChange={(event) => setAt((current) => ({ ...current, time: event.target.value }))}
      />
    </div>
  );

  return (
    <Card title={scheduled ? 'Scheduled' : 'Send'}>
      <div className="publish-send">
        {message ? (
          <Alert tone="error" title="Not sent">
            {message}
          </Alert>
        ) : null}
        {scheduled ? (
          <>
            <p className="publish-send__status" data-testid="scheduled-for">
              Goes out {formatScheduledFor(send?.scheduled_for ?? null, send?.time_zone ?? null)}.
            </p>
            {when}
            <div className="publish-send__actions">
              <Button
                variant="secondary"
                disabled={scheduleBusy}
                onClick={() => actor.send({ type: 'publish.reschedule', at })}
              >
                Reschedule
              </Button>
              <Button
                variant="danger"
                disabled={scheduleBusy}
                onClick={() => actor.send({ type: 'publish.cancelSchedule' })}
              >
                Cancel the schedule
              </Button>
            </div>
          </>
        ) : (
          <>
            <div className="publish-send__actions">
              <Button disabled={busy} onClick={() => start('send')}>
                Send now
              </Button>
            </div>
            <h3 className="publish-send__heading">Or schedule it</h3>
            {when}
            <div className="publish-send__actions">
              <Button variant="secondary" disabled={busy} onClick={() => start('schedule')}>
                Schedule
              </Button>
            </div>
          </>
        )}
      </div>
    </Card>
  );
}
