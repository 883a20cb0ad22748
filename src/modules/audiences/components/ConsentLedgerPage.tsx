import { type FormEvent, useEffect, useState } from 'react';
import { consentChangeSummary } from '../../../../domain/consentChangeSummary.ts';
import type { ConsentLedgerEntry } from '../../../../domain/preferenceSchemas.ts';
import { unsubIdFromText } from '../../../../domain/unsubIdFromText.ts';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { Table, type TableColumn } from '../../../ui/Table.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { downloadJson } from '../utils/downloadJson.ts';
import './ConsentLedgerPage.css';
import { formatDate } from '../../../../domain/formatDate.ts';
import { Form } from '../../../ui/Form.tsx';

const SOURCE_LABELS: Record<ConsentLedgerEntry['source'], string> = {
  page: 'Preference page',
  unsubscribe: 'Unsubscribe page',
  resubscribe: 'Resubscribe page',
  one_click: 'One-click (mail provider)',
  form: 'Sign-up form (opt-in)',
  api: 'The product',
};

const when = (iso: string) => formatDate(iso, 'dateTimeSeconds');

const COLUMNS: TableColumn<ConsentLedgerEntry>[] = [
  {
    id: 'time',
    header: 'When',
    cell: (entry) => <time dateTime={entry.created_at}>{when(entry.created_at)}</time>,
  },
  { id: 'source', header: 'Where', cell: (entry) => SOURCE_LABELS[entry.source] },
  {
    id: 'change',
    header: 'What changed',
    cell: (entry) => consentChangeSummary(entry.before, entry.after).join(', ') || 'Nothing',
    width: '40%',
  },
  { id: 'ip', header: 'IP address', cell: (entry) => entry.ip ?? '—' },
  {
    id: 'agent',
    header: 'Browser or client',
    cell: (entry) => <span className="consent-ledger__agent">{entry.user_agent ?? '—'}</span>,
  },
];

/**
 * /audiences/consent: the proof of consent for one recipient. Paste an unsubscribe id or any preference,
 * unsubscribe or one-click link; the recipient's consent ledger (every change, when, from where, by which
 * client, before and after) is shown and can be downloaded as JSON. Only recipients of the user's own
 * organisation are found.
 */
export function ConsentLedgerPage({ unsubId = null }: { unsubId?: string | null } = {}) {
  const { preferenceApi } = useServices();
  const [text, setText] = useState(unsubId ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  const ledger = useLoad(
    (uuid: string, signal) => preferenceApi.consentLedger(uuid, signal).then((answer) => answer.data),
    'consentLedger',
  );

  // Opened from a link that names the recipient (a form submission's "Consent proof"): shown at once.
  const { load } = ledger;
  useEffect(() => {
    const uuid = unsubId ? unsubIdFromText(unsubId) : null;
    if (!uuid) return;
    setShownId(uuid);
    load(uuid);
  }, [unsubId, load]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const uuid = unsubIdFromText(text);
    if (!uuid) {
      setFieldError(
        'Paste an unsubscribe id (such as 5eedc0de-0001-4000-8000-000000000001) or a link that has one.',
      );
      return;
    }
    setFieldError(null);
    setShownId(uuid);
    ledger.load(uuid);
  };

  const entries = ledger.data ?? [];
  const notFound = ledger.error?.status === 404;
  return (
    <div className="consent-ledger">
      <PageHeader
        eyebrow="Audiences"
        title="Consent proof"
        description="Every change of a recipient's email preferences, as the consent ledger recorded it: when, from where and what changed. Entries are never changed or removed."
      />
      <Card>
        <Form className="consent-ledger__form" onSubmit={submit} noValidate>
          <TextField
            label="Unsubscribe id or link"
            hint="From a recipient's preference, unsubscribe or one-click link."
            value={text}
            error={fieldError ?? undefined}
            onChange={(event) => setText(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" loading={ledger.status === 'loading'}>
            Show the ledger
          </Button>
        </Form>
      </Card>
      {shownId ? (
        <Card
          flush
          title="Consent ledger"
          description={`Recipient ${shownId}`}
          actions={
            entries.length > 0 && ledger.status === 'success' ? (
              <Button
                variant="secondary"
                onClick={() =>
                  downloadJson(`consent-ledger-${shownId}.json`, {
                    unsub_uuid: shownId,
                    exported_at: new Date().toISOString(),
                    entries,
                  })
                }
              >
                Download JSON
              </Button>
            ) : null
          }
        >
          {notFound ? (
            <StatePanel kind="empty" title="No recipient found" compact>
              No recipient of your organisation has this unsubscribe id.
            </StatePanel>
          ) : (
            <Table
              caption="Changes, oldest first"
              captionHidden
              columns={COLUMNS}
              rows={ledger.status === 'success' ? entries : []}
              rowKey={(entry) => String(entry.id)}
              loading={ledger.status === 'loading'}
              empty={
                <StatePanel kind="empty" title="No changes yet" compact>
                  This recipient has not changed their preferences since the ledger began.
                </StatePanel>
              }
              error={
                ledger.status === 'failure' ? (
                  <StatePanel kind="error" title="The ledger could not be loaded" compact>
                    {ledger.error?.message}
                  </StatePanel>
                ) : undefined
              }
            />
          )}
        </Card>
      ) : null}
    </div>
  );
}
