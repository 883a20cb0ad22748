import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { countOf } from '../../../../domain/countOf.ts';
import type { PreflightFinding, PublishConfiguration } from '../../../../domain/editionSend.ts';
import type { PublishActor } from '../../../../machines/publishMachine.ts';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { type EditionIds, editionSearch } from '../utils/publishForm.ts';

type Props = {
  actor: PublishActor;
  ids: EditionIds;
  /** What is on screen, to save before checking again (null while a field is flagged). */
  configuration: () => PublishConfiguration | null;
};

/**
 * Findings fixed on this screen (the sender and subject fields); every other one is fixed in the designer,
 * opened with from=publish so that a permission error there returns here (spec 02 section 2).
 */
const FIXED_HERE = new Set(['sender_address', 'sender_name', 'subject', 'subject_length']);

function Finding({ finding, ids }: { finding: PreflightFinding; ids: EditionIds }) {
  return (
    <li className="publish-preflight__item">
      <span>{finding.message}</span>{' '}
      {FIXED_HERE.has(finding.code) ? (
        <span className="publish-page__note">Fix it in “From and subject”.</span>
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
 * The preflight (GET preflight/): what would hurt deliverability or compliance. Errors block a send and
 * link to where they are fixed; warnings are asked about before it goes. Run when the screen opens (on the
 * saved edition), on "Check again" (the sender, subject and audience on screen saved first), and before
 * every send.
 */
export function PreflightPanel({ actor, ids, configuration }: Props) {
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
          <Button
            size="sm"
            variant="secondary"
            onClick={() => actor.send({ type: 'publish.check', config: configuration() })}
          >
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
