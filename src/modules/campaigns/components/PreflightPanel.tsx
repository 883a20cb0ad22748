import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { countOf } from '../../../../domain/countOf.ts';
import type { PreflightFinding } from '../../../../domain/editionSend.ts';
import type { PublishActor } from '../../../../machines/publishMachine.ts';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { type EditionIds, editionSearch } from '../utils/publishForm.ts';

type Props = { actor: PublishActor; ids: EditionIds };

/**
 * Where each finding is fixed on this screen; a finding about the design (the default) is fixed in the
 * designer, opened with from=publish so that a permission error there returns here. The plan and the
 * edition's state are not fixed here: their message says what to do.
 */
const FIXED_ON_SCREEN: Readonly<Record<string, string | null>> = {
  sender_address: 'Fix it in “From and subject”.',
  sender_name: 'Fix it in “From and subject”.',
  subject: 'Fix it in “From and subject”.',
  subject_length: 'Fix it in “From and subject”.',
  no_recipients: 'Choose people in “Audience”.',
  outlook_not_connected: 'See “Send through Outlook”.',
  outlook_limit: 'See “Send through Outlook”.',
  not_premium: null,
  already_sent: null,
  scheduled: null,
  one_click: null,
};

function Finding({ finding, ids }: { finding: PreflightFinding; ids: EditionIds }) {
  const here = FIXED_ON_SCREEN[finding.code];
  return (
    <li className="publish-preflight__item">
      <span>{finding.message}</span>{' '}
      {here !== undefined ? (
        here ? (
          <span className="publish-page__note">{here}</span>
        ) : null
      ) : (
        <Link
          to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
          params={{ page: 'editionedit', tab: 'design', subTab: undefined }}
          search={{ from: 'publish', ...editionSearch(ids) } as never}
        >
          Open the designer
        </Link>
      )}
    </li>
  );
}

/**
 * The preflight (GET preflight/): everything a send checks, on the server. Errors block a send and say
 * where they are fixed; warnings are asked about before it goes. Run when the screen opens, after each
 * saved change, on "Check again" and before every send, always on what the screen shows (saved first).
 */
export function PreflightPanel({ actor, ids }: Props) {
  const preflight = useSelector(actor, (s) => s.context.preflight);
  const checking = useSelector(actor, (s) => s.matches('checking'));
  const canCheck = useSelector(actor, (s) => s.matches('idle') || s.matches('failed'));
  useEffect(() => {
    if (actor.getSnapshot().matches('idle')) actor.send({ type: 'publish.check' });
  }, [actor]);

  return (
    <Card
      title="Preflight"
      actions={
        canCheck ? (
          <Button size="sm" variant="secondary" onClick={() => actor.send({ type: 'publish.check' })}>
            Check again
          </Button>
        ) : null
      }
    >
      <div aria-live="polite" data-testid="preflight">
        {checking ? (
          <Spinner size="sm" label="Checking the edition" />
        ) : !preflight ? (
          <p className="publish-page__note">Not checked yet.</p>
        ) : preflight.errors.length === 0 && preflight.warnings.length === 0 ? (
          <p className="publish-preflight__ok">Ready to send: nothing to fix.</p>
        ) : null}
        {preflight && preflight.errors.length > 0 ? (
          <section aria-label="Errors that block the send">
            <h3 className="publish-preflight__heading publish-preflight__heading--error">
              {preflight.errors.length} to fix before sending
            </h3>
            <ul className="publish-preflight__list">
              {preflight.errors.map((finding, i) => (
                <Finding key={`${finding.code}:${finding.block_id ?? i}`} finding={finding} ids={ids} />
              ))}
            </ul>
          </section>
        ) : null}
        {preflight && preflight.warnings.length > 0 ? (
          <section aria-label="Warnings">
            <h3 className="publish-preflight__heading">
              {countOf(preflight.warnings.length, 'warning', 'warnings')} (you will be asked)
            </h3>
            <ul className="publish-preflight__list">
              {preflight.warnings.map((finding, i) => (
                <Finding key={`${finding.code}:${finding.block_id ?? i}`} finding={finding} ids={ids} />
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </Card>
  );
}
