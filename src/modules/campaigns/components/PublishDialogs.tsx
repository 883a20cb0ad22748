import { useSelector } from '@xstate/react';
import { browserTimeZone } from '../../../../domain/browserTimeZone.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { formatDate } from '../../../../domain/formatDate.ts';
import { NOT_PREMIUM_MESSAGE } from '../../../../domain/sendSchemas.ts';
import type { PublishActor } from '../../../../machines/publishMachine.ts';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';

/** The send confirmation (naming the count, asking about the preflight's warnings) and the not-premium popup. */
export function PublishDialogs({ actor }: { actor: PublishActor }) {
  const confirming = useSelector(actor, (s) => s.matches('confirming'));
  const notPremium = useSelector(actor, (s) => s.matches('notPremium'));
  const intent = useSelector(actor, (s) => s.context.intent);
  const at = useSelector(actor, (s) => s.context.at);
  const count = useSelector(actor, (s) => s.context.recipients?.count ?? 0);
  const warnings = useSelector(actor, (s) => s.context.preflight?.warnings);
  const premiumText = useSelector(actor, (s) => s.context.message);
  const people = countOf(count, 'person', 'people');
  const scheduling = intent === 'schedule';

  return (
    <>
      <ConfirmDialog
        open={confirming}
        onClose={() => actor.send({ type: 'publish.cancel' })}
        title={scheduling ? `Schedule it for ${people}?` : `Send it to ${people} now?`}
        description={
          scheduling && at
            ? `It goes out on ${formatDate(`${at.date}T${at.time}`, 'weekdayDateTime')} (${browserTimeZone()}).`
            : 'It goes out at once; you can pause it while it is going out.'
        }
        tone="primary"
        confirmLabel={`${scheduling ? 'Schedule' : 'Send now'}${warnings && warnings.length > 0 ? ' anyway' : ''}`}
        onConfirm={() => actor.send({ type: 'publish.confirm' })}
      >
        {warnings && warnings.length > 0 ? (
          <>
            <p>The preflight has {countOf(warnings.length, 'warning', 'warnings')}:</p>
            <ul>
              {warnings.map((w, i) => (
                <li key={`${w.code}:${w.block_id ?? i}`}>{w.message}</li>
              ))}
            </ul>
          </>
        ) : (
          <p>The preflight found nothing to fix.</p>
        )}
      </ConfirmDialog>
      <Dialog
        open={notPremium}
        onClose={() => actor.send({ type: 'publish.dismiss' })}
        title="Sending is a premium feature"
        footer={<Button onClick={() => actor.send({ type: 'publish.dismiss' })}>OK</Button>}
      >
        <p>{premiumText ?? NOT_PREMIUM_MESSAGE}</p>
      </Dialog>
    </>
  );
}
