import { useSelector } from '@xstate/react';
import { mailboxLabel } from '../../../../domain/outlookConnection.ts';
import type { OutlookActor } from '../../../../machines/outlookMachine.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Checkbox } from '../../../ui/Checkbox.tsx';

type Props = { actor: OutlookActor; locked: boolean };

/**
 * Sending through the person's own Outlook mailbox: connect it (Microsoft sign-in), then choose it for this
 * edition, with the emails it may still send today. When the workspace has no Outlook, the button is
 * disabled and says what the marketer can do instead (the operator's setup is in docs/publish.md); a
 * broken connection says so and offers to connect again.
 */
export function OutlookSender({ actor, locked }: Props) {
  const outlook = useSelector(actor, (s) => s.context.outlook);
  const message = useSelector(actor, (s) => s.context.message);
  const connecting = useSelector(actor, (s) => s.matches('connecting') || s.matches('leaving'));
  const switching = useSelector(actor, (s) => s.matches('switching'));
  const connect = (label: string) => (
    <Button
      variant="secondary"
      size="sm"
      loading={connecting}
      disabled={outlook.status === 'notConfigured' || locked}
      aria-describedby={outlook.status === 'notConfigured' ? 'outlook-not-configured' : undefined}
      onClick={() => actor.send({ type: 'outlook.connect' })}
    >
      {label}
    </Button>
  );

  return (
    <Card
      title="Send through Outlook"
      description={`Send it from your own Outlook mailbox: up to ${outlook.dailyLimit} emails in 24 hours.`}
    >
      <div className="publish-outlook">
        {outlook.status === 'notConfigured' ? (
          <>
            {connect('Connect Outlook')}
            <p className="publish-page__note" id="outlook-not-configured">
              Sending from your own Outlook mailbox is not turned on for your workspace. This edition goes
              from the address in “From and subject”; your administrator can turn Outlook on.
            </p>
          </>
        ) : null}
        {outlook.status === 'notConnected' ? connect('Connect Outlook') : null}
        {outlook.status === 'error' ? (
          <Alert tone="error" title="Outlook connection failed" actions={connect('Connect Outlook again')}>
            {outlook.error}
            {outlook.route ? ' Until then this edition cannot be sent through Outlook.' : null}
          </Alert>
        ) : null}
        {outlook.status === 'connected' ? (
          <>
            <p className="publish-outlook__mailbox">
              Connected: <strong>{mailboxLabel(outlook)}</strong>
            </p>
            <Checkbox
              label="Send this edition through this mailbox"
              checked={outlook.route}
              disabled={locked || switching}
              hint={
                outlook.route
                  ? `Recipients see it from ${mailboxLabel(outlook)}; the From address above is not used.`
                  : undefined
              }
              onChange={(event) => actor.send({ type: 'outlook.route', on: event.target.checked })}
            />
            <p className="publish-page__note" aria-live="polite">
              {outlook.remaining} of {outlook.dailyLimit} emails left in the last 24 hours.
            </p>
            {connect('Connect another mailbox')}
          </>
        ) : null}
        {message ? <Alert tone="error">{message}</Alert> : null}
      </div>
    </Card>
  );
}
