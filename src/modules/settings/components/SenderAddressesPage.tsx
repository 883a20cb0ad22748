import { useEffect, useState } from 'react';
import type {
  AddSenderInput,
  SenderAddress,
  SenderAddresses,
  SenderRequest,
  SenderRequestAnswer,
} from '../../../../domain/senderAddresses.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Card } from '../../../ui/Card.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { AddSenderForm } from './AddSenderForm.tsx';
import { type SenderRow, SenderTable, senderRowKey } from './SenderTable.tsx';

type Change =
  | { kind: 'default'; sender: SenderAddress }
  | { kind: 'remove'; sender: SenderAddress }
  | { kind: 'withdraw'; request: SenderRequest };

const changeKey = (change: Change) =>
  change.kind === 'withdraw'
    ? senderRowKey({ kind: 'request', request: change.request, expired: false })
    : senderRowKey({ kind: 'sender', sender: change.sender });

function rowsOf(list: SenderAddresses, now: number): SenderRow[] {
  return [
    ...list.senders.map((sender): SenderRow => ({ kind: 'sender', sender })),
    ...list.requests.map(
      (request): SenderRow => ({ kind: 'request', request, expired: Date.parse(request.expires_at) <= now }),
    ),
  ];
}

/**
 * Settings › Sender addresses: the From addresses campaign emails may use. Everyone sees them; admins add
 * one (a single-use link is mailed to it), make one the default, remove one, send a link again or
 * withdraw an address still waiting. Every change answers the list as it is now.
 */
export function SenderAddressesPage() {
  const { userApi } = useServices();
  const [list, setList] = useState<SenderAddresses | null>(null);
  const [added, setAdded] = useState<SenderRequestAnswer | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [removing, setRemoving] = useState<SenderAddress | null>(null);
  /** The row whose action was started last (its buttons wait while it runs; a resend's failure shows above). */
  const [actedOn, setActedOn] = useState<string | null>(null);
  const loaded = useLoad((_: null, signal) => userApi.senderAddresses(signal), 'senderAddresses');
  const { load } = loaded;
  useEffect(() => load(null), [load]);
  useEffect(() => {
    if (loaded.data) setList(loaded.data);
  }, [loaded.data]);

  const add = useRequest(async (input: AddSenderInput, signal) => {
    const answer = await userApi.addSenderAddress(input, signal);
    setList(answer);
    setAdded(answer);
    setFormKey((key) => key + 1);
    return answer;
  }, 'addSenderAddress');
  const change = useRequest(async (next: Change, signal) => {
    const answer =
      next.kind === 'default'
        ? await userApi.setDefaultSender(next.sender.id, signal)
        : next.kind === 'remove'
          ? await userApi.removeSenderAddress(next.sender.id, signal)
          : await userApi.cancelSenderRequest(next.request.id, signal);
    setList(answer);
    if (next.kind === 'remove') setRemoving(null);
    return answer;
  }, 'changeSenderAddress');
  const changeRunning = change.status === 'loading';
  const running = changeRunning || add.status === 'loading';
  const submitChange = (next: Change) => {
    setActedOn(changeKey(next));
    change.submit(next);
  };
  const resent = actedOn?.startsWith('request-') ?? false;

  if (!list) {
    if (loaded.status === 'failure')
      return (
        <LoadErrorPanel
          title="The sender addresses could not be loaded"
          message={loaded.error?.message}
          onRetry={() => load(null)}
        />
      );
    return <StatePanel kind="loading" title="Loading sender addresses…" />;
  }

  const rows = rowsOf(list, Date.now());
  return (
    <>
      <Card
        title="Sender addresses"
        description="Campaign emails are sent from these addresses. The default is preselected on every edition's Publish step."
        flush
      >
        {added ? (
          <div className="senders__notice">
            <Alert tone={added.mail_delivery === 'smtp' ? 'success' : 'info'}>{added.message}</Alert>
          </div>
        ) : null}
        {change.status === 'failure' && change.error && !removing ? (
          <div className="senders__notice">
            <Alert tone="error">{change.error.message}</Alert>
          </div>
        ) : null}
        {add.status === 'failure' && add.error && resent ? (
          <div className="senders__notice">
            <Alert tone="error">{add.error.message}</Alert>
          </div>
        ) : null}
        {list.can_manage ? null : (
          <div className="senders__notice">
            <Alert tone="info">
              Only your organisation's administrators can add or change sender addresses.
            </Alert>
          </div>
        )}
        {rows.length === 0 ? (
          <StatePanel compact kind="empty" title="No sender addresses yet">
            {list.can_manage
              ? 'Add the address your campaign emails come from below: we email it a link to verify it.'
              : 'Ask an administrator of your organisation to add one.'}
          </StatePanel>
        ) : (
          <SenderTable
            rows={rows}
            actions={
              list.can_manage
                ? {
                    makeDefault: (sender) => submitChange({ kind: 'default', sender }),
                    remove: (sender) => {
                      change.reset();
                      setRemoving(sender);
                    },
                    resend: (request) => {
                      setActedOn(senderRowKey({ kind: 'request', request, expired: false }));
                      add.submit({ email: request.email, sender_name: request.sender_name });
                    },
                    withdraw: (request) => submitChange({ kind: 'withdraw', request }),
                    busyKey: running ? actedOn : null,
                  }
                : null
            }
          />
        )}
      </Card>
      {list.can_manage ? (
        <AddSenderForm
          key={formKey}
          busy={add.status === 'loading' && actedOn === null}
          refusal={add.status === 'failure' && !resent ? (add.error?.message ?? null) : null}
          onAdd={(input) => {
            setActedOn(null);
            add.submit(input);
          }}
          onEdit={() => {
            if (add.status === 'failure') add.reset();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing?.email ?? 'this address'}?`}
        description={
          removing?.is_default
            ? 'Campaign emails stop coming from it; the oldest other sender becomes the default.'
            : 'Campaign emails stop coming from it; editions that chose it use the default sender.'
        }
        confirmLabel="Remove address"
        onConfirm={() => {
          if (removing) submitChange({ kind: 'remove', sender: removing });
        }}
        busy={changeRunning}
        failure={
          removing && change.status === 'failure'
            ? { title: 'The address was not removed', message: change.error?.message ?? 'Try again.' }
            : null
        }
      />
    </>
  );
}
