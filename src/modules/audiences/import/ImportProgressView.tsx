import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { DUPLICATE_POLICY_OUTCOMES } from '../../../../domain/contactImport.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { contactImportMachine, type ImportStatusAnswer } from '../../../../machines/contactImportMachine.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { Card } from '../../../ui/Card.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { Table } from '../../../ui/Table.tsx';
import { useRecordedActor } from '../../../ui/useRecordedActor.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';

/**
 * An import's progress (the contactImport machine asks the server every second) and, once done, its
 * report: contacts added and updated, rows left out as duplicates, empty rows, refused rows, the first rows
 * not imported with their reasons and the CSV download of them all. The heading says where the import is
 * (importing, imported, stopped). The import runs on the server, so a reload of this address shows the
 * same import going on.
 */
export function ImportProgressView({ importId }: { importId: number }) {
  const api = useServices().audienceApi;
  const [machine] = useState(() =>
    contactImportMachine.provide({
      actors: {
        fetchStatus: fromPromise<ImportStatusAnswer, { importId: number }>(({ input, signal }) =>
          api.importStatus(input.importId, signal),
        ),
      },
    }),
  );
  const actor = useRecordedActor(machine, { name: 'contactImport' });
  const value = useSelector(actor, (s) => s.value);
  const state = useSelector(actor, (s) => s.context.state);
  const refusals = useSelector(actor, (s) => s.context.refusals);
  const error = useSelector(actor, (s) => s.context.error);
  useEffect(() => {
    actor.send({ type: 'import.watch', importId });
  }, [actor, importId]);

  if (value === 'lost')
    return (
      <StatePanel
        kind="error"
        title="The import's progress could not be read"
        actions={<Button onClick={() => actor.send({ type: 'import.retry' })}>Try again</Button>}
      >
        {error?.message} The import goes on on the server.
      </StatePanel>
    );
  if (!state)
    return error?.status === 404 ? (
      <StatePanel kind="error" title="This import does not exist" />
    ) : (
      <StatePanel kind="loading" title="Looking for the import…" />
    );

  const done = state.status === 'done';
  const total = Math.max(state.total_rows, state.processed_rows);
  const notImported = state.refused + state.duplicates;
  const title = done
    ? `Imported ${state.file_name}`
    : state.status === 'failed'
      ? `The import of ${state.file_name} stopped`
      : `Importing ${state.file_name}`;
  return (
    <Card title={title} description={state.list_name ? `Into the list “${state.list_name}”` : undefined}>
      {state.status === 'failed' ? (
        <Alert tone="error" title="The import stopped">
          {state.error ?? 'The file could not be imported.'}
        </Alert>
      ) : (
        <div className="import-wizard__progress">
          <label htmlFor="import-progress">
            {done
              ? `${countOf(state.processed_rows, 'row', 'rows')} read`
              : state.status === 'queued'
                ? 'Waiting to start…'
                : `Importing ${formatThousands(state.processed_rows)} of ${countOf(total, 'row', 'rows')}`}
          </label>
          <progress
            id="import-progress"
            className="import-progress"
            max={total || 1}
            value={state.processed_rows}
          />
        </div>
      )}
      {done ? (
        <>
          <dl className="import-wizard__counts" data-testid="import-counts">
            <div>
              <dt>New contacts</dt>
              <dd>{formatThousands(state.inserted)}</dd>
            </div>
            <div>
              <dt>Updated contacts</dt>
              <dd>{formatThousands(state.updated)}</dd>
            </div>
            <div>
              <dt>Duplicate rows</dt>
              <dd>{formatThousands(state.duplicates)}</dd>
            </div>
            <div>
              <dt>Empty rows</dt>
              <dd>{formatThousands(state.empty_rows)}</dd>
            </div>
            <div>
              <dt>Refused rows</dt>
              <dd>{formatThousands(state.refused)}</dd>
            </div>
          </dl>
          {state.duplicates > 0 ? (
            <p className="import-wizard__hint">
              Duplicate rows repeat an email of another row of the file:{' '}
              {DUPLICATE_POLICY_OUTCOMES[state.duplicate_policy]}.
            </p>
          ) : null}
          {refusals.length > 0 ? (
            <Table
              caption="Rows not imported"
              columns={[
                { id: 'row', header: 'Row', cell: (r) => r.row_number },
                {
                  id: 'email',
                  header: 'Email',
                  cell: (r) => r.email || '—',
                  className: 'import-report__wrap',
                },
                { id: 'reason', header: 'Why', cell: (r) => r.reason, className: 'import-report__wrap' },
              ]}
              rows={refusals}
              rowKey={(r) => String(r.row_number)}
            />
          ) : null}
          <div className="import-wizard__actions">
            {notImported > 0 ? (
              <a className={buttonClassName('secondary')} href={api.refusalsCsvUrl(state.import_id)} download>
                Download {countOf(notImported, 'row', 'rows')} not imported (CSV)
              </a>
            ) : null}
            {state.list_id ? (
              <Link
                to="/audiences/{-$page}/{-$tab}/{-$subTab}"
                params={{ page: 'lists', tab: 'view' }}
                search={{ list_id: state.list_id } as never}
                className={buttonClassName('primary')}
              >
                Open the list
              </Link>
            ) : null}
          </div>
        </>
      ) : null}
    </Card>
  );
}
