import { useEffect, useState } from 'react';
import type { SalesGroup } from '../../../../domain/salesGroups.ts';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';

type Change = { userId: number; change: 'add' | 'remove' };

/** The organisation's users with a box each: ticking adds the user to the group, unticking removes them. */
export function GroupMembers({
  group,
  onUpdated,
}: {
  group: SalesGroup;
  onUpdated: (group: SalesGroup) => void;
}) {
  const { audienceApi } = useServices();
  const users = useLoad((groupId: number, signal) => audienceApi.groupUsers(groupId, signal), 'groupUsers');
  const { load } = users;
  const groupId = group.groupId;
  useEffect(() => load(groupId), [load, groupId]);

  // The box just clicked shows its new state at once; a failure or the reloaded users replace it.
  const [pending, setPending] = useState<{ userId: number; inGroup: boolean } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer (users.data) settles the click.
  useEffect(() => setPending(null), [users.data]);
  const shownInGroup = (userId: number, inGroup: boolean) =>
    pending?.userId === userId ? pending.inGroup : inGroup;

  const change = useRequest(async (input: Change, signal) => {
    const updated = await audienceApi.changeGroupUsers(
      { groupId, userIds: [input.userId], change: input.change },
      signal,
    );
    onUpdated(updated);
    load(groupId);
    return updated;
  }, 'changeGroupUsers');

  useEffect(() => {
    if (change.status === 'failure') setPending(null);
  }, [change.status]);

  if (users.status === 'failure')
    return (
      <LoadErrorPanel
        compact
        title="The users could not be loaded"
        message={users.error?.message}
        onRetry={() => load(groupId)}
      />
    );
  if (!users.data) return <StatePanel compact kind="loading" title="Loading users…" />;
  return (
    <fieldset
      className="groups-members"
      aria-busy={change.status === 'loading' || users.status === 'loading'}
    >
      <legend className="groups-members__legend">Users in this group</legend>
      {change.status === 'failure' ? (
        <p role="alert" className="groups-members__error">
          {change.error?.message}
        </p>
      ) : null}
      <ul className="ui-stack-list ui-stack-list--roomy">
        {users.data.map((user) => (
          <li key={user.userId}>
            <Checkbox
              label={user.fullName}
              hint={user.email}
              checked={shownInGroup(user.userId, user.inGroup)}
              disabled={change.status === 'loading'}
              onChange={() => {
                const inGroup = shownInGroup(user.userId, user.inGroup);
                setPending({ userId: user.userId, inGroup: !inGroup });
                change.submit({ userId: user.userId, change: inGroup ? 'remove' : 'add' });
              }}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
