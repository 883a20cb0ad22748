import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { importCaption } from '../../../../domain/importProgress.ts';
import { importProgressMachine } from '../../../../machines/importProgressMachine.ts';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import { useRecordedActor } from '../../../ui/useRecordedActor.ts';
import './ImportPage.css';

/**
 * /import: the import from the sales app. The count rises by 100 every 0.5 s to 1000 and, 6 s after the
 * screen appears, the person goes on to the content explorer (importProgressMachine holds the timing).
 */
export function ImportPage() {
  const navigate = useNavigate();
  const actor = useRecordedActor(importProgressMachine, { name: 'importProgress' });
  const count = useSelector(actor, (s) => s.context.count);
  const total = useSelector(actor, (s) => s.context.total);
  const complete = useSelector(actor, (s) => s.matches({ importing: 'complete' }) || s.matches('done'));
  const done = useSelector(actor, (s) => s.status === 'done');

  useEffect(() => {
    if (done) void navigate({ to: '/content/$tab', params: { tab: 'search' }, replace: true });
  }, [done, navigate]);

  const caption = importCaption(count, total);
  return (
    <div className="import-page">
      <section className="import-page__card" aria-labelledby="import-title">
        <div className="import-page__art" aria-hidden="true">
          <svg viewBox="0 0 64 64" focusable="false" aria-hidden="true">
            <rect x="6" y="16" width="22" height="32" rx="5" fill="#DFE4F3" />
            <rect x="36" y="16" width="22" height="32" rx="5" fill="#D3F4DE" />
            <path
              d="M24 32h16m-5-5 5 5-5 5"
              fill="none"
              stroke="#001760"
              strokeWidth="3"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <h1 id="import-title" className="import-page__title">
          Importing from your sales app
        </h1>
        <p className="import-page__lead">
          We are bringing in your contacts and accounts. This takes a few seconds; you will go on to the
          content explorer as soon as it is done.
        </p>
        <ProgressBar value={count} max={total} label="Import progress" valueText={caption} />
        <p className="import-page__caption" aria-live="polite" data-testid="import-caption">
          {caption}
        </p>
        <p className="import-page__status">
          {complete ? 'Import complete. Taking you to the content explorer…' : 'Please keep this page open.'}
        </p>
        <Link to="/content/$tab" params={{ tab: 'search' }} className="import-page__skip">
          Go to the content explorer now
        </Link>
      </section>
    </div>
  );
}
