import { type FormEvent, useState } from 'react';
import { countOf } from '../../../../domain/countOf.ts';
import { timeAgo } from '../../../../domain/relativeTime.ts';
import { GROUP_NAME_MAX, type SalesGroup } from '../../../../domain/salesGroups.ts';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { Form } from '../../../ui/Form.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useConfirmedRequest } from '../../shared/hooks/useConfirmedRequest.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { GroupMembers } from './GroupMembers.tsx';

/** The selected group: rename it, choose its users, delete it (not the default team). */
export function GroupDetail({
  group,
  onUpdated,
  onDeleted,
}: {
  group: SalesGroup;
  onUpdated: (group: SalesGroup) => void;
  onDeleted: (groupId: number) => void;
}) {
  const { audienceApi } = useServices();
  const [name, setName] = useState(group.groupName);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const rename = useRequest(async (input: { groupId: number; name: string }, signal) => {
    const renamed = await audienceApi.renameGroup(input, signal);
    onUpdated(renamed);
    return renamed;
  }, 'renameGroup');
  const remove = useConfirmedRequest(
    async (groupId: number, signal) => {
      await audienceApi.deleteGroup(groupId, signal);
      return groupId;
    },
    'deleteGroup',
    (groupId) => {
      setConfirming(false);
      onDeleted(groupId);
    },
  );

  const submitName = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setProblem(trimmed ? null : 'Give the group a name.');
    if (trimmed && trimmed !== group.groupName) rename.submit({ groupId: group.groupId, name: trimmed });
  };
  const nameError = problem ?? (rename.status === 'failure' ? rename.error?.message : undefined);

  return (
    <section className="groups-detail" aria-labelledby="groups-detail-title">
      <header className="groups-detail__header">
        <div>
          <h2 id="groups-detail-title" className="groups-detail__title">
            <UserText>{group.groupName}</UserText>
          </h2>
          <p className="groups-detail__meta">
            {countOf(group.totalUsers, 'user', 'users')} · updated {timeAgo(group.lastUpdated)}
          </p>
        </div>
        {group.isDeletable ? (
          <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
            Delete group
          </Button>
        ) : null}
      </header>
      <Form className="groups-detail__rename" onSubmit={submitName} aria-label="Rename group" noValidate>
        <TextField
          label="Name"
          value={name}
          maxLength={GROUP_NAME_MAX}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
            if (rename.status === 'failure') rename.reset();
          }}
          error={nameError}
          hint={group.isDeletable ? undefined : 'The default team can be renamed but not deleted.'}
        />
        <Button
          type="submit"
          variant="secondary"
          size="sm"
          loading={rename.status === 'loading'}
          disabled={name.trim() === group.groupName}
        >
          Save name
        </Button>
      </Form>
      <GroupMembers group={group} onUpdated={onUpdated} />
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete “${group.groupName}”?`}
        description="The group goes; its users stay users of your organisation."
        confirmLabel="Delete group"
        onConfirm={() => remove.confirm(group.groupId)}
        busy={remove.busy}
        failure={
          remove.failureMessage
            ? { title: 'The group was not deleted', message: remove.failureMessage }
            : null
        }
      >
        <p>This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
