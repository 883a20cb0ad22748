import { useEffect, useReducer, useState } from 'react';
import { timeAgo } from '../../../../domain/relativeTime.ts';
import { changeSalesGroupList, EMPTY_GROUP_LIST } from '../../../../domain/salesGroupList.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useToast } from '../../../ui/useToast.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { GroupDetail } from './GroupDetail.tsx';
import { NewGroupForm } from './NewGroupForm.tsx';
import './GroupsPage.css';
import { countOf } from '../../../../domain/countOf.ts';

/** Groups a screen shows at most (an organisation has a handful; more are reached by search later). */
const GROUPS_SHOWN = 100;

/**
 * /audiences/groups: the organisation's sales-team groups, newest first. A new group appears at the top
 * with 0 users and is selected; the selected group is renamed, gets its users and is deleted on the right
 * (below the list on a phone).
 */
export function GroupsPage() {
  const { audienceApi } = useServices();
  const toast = useToast();
  const [list, change] = useReducer(changeSalesGroupList, EMPTY_GROUP_LIST);
  const [adding, setAdding] = useState(false);
  const groups = useLoad(
    (_: null, signal) => audienceApi.listGroups({ offset: 0, limit: GROUPS_SHOWN }, signal),
    'salesGroups',
  );
  const { load } = groups;
  useEffect(() => load(null), [load]);
  useEffect(() => {
    if (groups.data) change({ type: 'loaded', page: groups.data });
  }, [groups.data]);

  const selected = list.groups.find((group) => group.groupId === list.selectedId) ?? null;
  const header = (
    <PageHeader
      eyebrow="Audiences"
      title="Sales groups"
      description="Groups of your organisation's users, for sharing work and reports with a team."
      actions={
        <Button onClick={() => setAdding(true)} disabled={adding || !groups.data}>
          New group
        </Button>
      }
    />
  );

  if (groups.status === 'failure' && !groups.data)
    return (
      <>
        {header}
        <LoadErrorPanel
          title="The groups could not be loaded"
          message={groups.error?.message}
          onRetry={() => load(null)}
        />
      </>
    );
  if (!groups.data)
    return (
      <>
        {header}
        <StatePanel kind="loading" title="Loading groups…" />
      </>
    );

  return (
    <>
      {header}
      <div className="groups">
        <div className="groups__side">
          {adding ? (
            <NewGroupForm
              onCancel={() => setAdding(false)}
              onCreated={(group) => {
                change({ type: 'created', group });
                setAdding(false);
                toast.show({ message: `Group “${group.groupName}” created.`, tone: 'success' });
              }}
            />
          ) : null}
          <p className="groups__count">{countOf(list.total, 'group', 'groups')}</p>
          {list.groups.length === 0 ? (
            <StatePanel
              compact
              kind="empty"
              title="No groups yet"
              actions={
                adding ? undefined : (
                  <Button variant="secondary" onClick={() => setAdding(true)} disabled={!groups.data}>
                    New group
                  </Button>
                )
              }
            >
              Make one for each team that shares work and reports.
            </StatePanel>
          ) : (
            <ul className="ui-stack-list" aria-label="Groups">
              {list.groups.map((group) => (
                <li key={group.groupId}>
                  <button
                    type="button"
                    className="groups__item"
                    aria-current={group.groupId === list.selectedId ? 'true' : undefined}
                    onClick={() => change({ type: 'selected', groupId: group.groupId })}
                  >
                    <span className="groups__name">
                      {group.groupName}
                      {group.isDeletable ? null : <Badge tone="info">Default</Badge>}
                    </span>
                    <span className="groups__meta">
                      {countOf(group.totalUsers, 'user', 'users')} · {timeAgo(group.lastUpdated)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="groups__main">
          {selected ? (
            <GroupDetail
              key={selected.groupId}
              group={selected}
              onUpdated={(group) => change({ type: 'updated', group })}
              onDeleted={(groupId) => {
                change({ type: 'deleted', groupId });
                toast.show({ message: `Group “${selected.groupName}” deleted.`, tone: 'success' });
              }}
            />
          ) : (
            <StatePanel kind="info" title="No group selected">
              Choose a group to see and change its users.
            </StatePanel>
          )}
        </div>
      </div>
    </>
  );
}
