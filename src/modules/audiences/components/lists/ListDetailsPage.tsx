import { Link, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { abbreviateNumber } from '../../../../../domain/abbreviateNumber.ts';
import { LIST_CONTACTS_PAGE_SIZE } from '../../../../../domain/audienceListSchemas.ts';
import { buttonClassName } from '../../../../ui/buttonClassName.ts';
import { LoadErrorPanel } from '../../../../ui/LoadErrorPanel.tsx';
import { PageHeader } from '../../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../../shared/hooks/useLoad.ts';
import { AllListsLink } from './AllListsLink.tsx';
import { ListContactsSection } from './ListContactsSection.tsx';
import './lists.css';
import { pluralNoun } from '../../../../../domain/countOf.ts';

/** /audiences/lists/view?list_id=N: a list's totals and its profiled and non-profiled contacts, 10 a page. */
export function ListDetailsPage() {
  const api = useServices().audienceApi;
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const listId = Number(search.list_id);
  const valid = Number.isInteger(listId) && listId > 0;
  const details = useLoad((id: number, signal) => api.listDetails(id, signal), 'listDetails');
  const { load } = details;
  useEffect(() => {
    if (valid) load(listId);
  }, [valid, listId, load]);

  const back = <AllListsLink />;
  if (!valid)
    return (
      <StatePanel kind="error" title="No list chosen" actions={back}>
        Open a list from the Lists page.
      </StatePanel>
    );
  if (details.status === 'failure' && details.error)
    return (
      <LoadErrorPanel
        title={details.error.status === 404 ? 'This list does not exist' : 'The list could not be loaded'}
        message={details.error.message}
        onRetry={() => load(listId)}
      />
    );
  const list = details.data?.list;
  if (!list) return <StatePanel kind="loading" title="Loading the list…" />;
  return (
    <div className="list-details">
      <PageHeader
        eyebrow="Lists"
        title={list.list_name}
        description={`${abbreviateNumber(list.totalContacts)} ${pluralNoun(list.totalContacts, 'contact', 'contacts')} · ${abbreviateNumber(list.totalSent)} sent · ${abbreviateNumber(list.totalClicks)} ${pluralNoun(list.totalClicks, 'click', 'clicks')} · created by ${list.created_by}`}
        actions={
          <>
            {back}
            <Link
              to="/audiences/{-$page}/{-$tab}/{-$subTab}"
              params={{ page: 'add', tab: undefined, subTab: undefined }}
              search={{ list_id: String(listId) } as never}
              className={buttonClassName('primary')}
            >
              Add people
            </Link>
          </>
        }
      />
      <div className="list-details__sections">
        <ListContactsSection
          listId={listId}
          kind="profiled"
          pageSize={LIST_CONTACTS_PAGE_SIZE}
          title="Profiled contacts"
        />
        <ListContactsSection
          listId={listId}
          kind="unprofiled"
          pageSize={LIST_CONTACTS_PAGE_SIZE}
          title="Non-profiled contacts"
        />
      </div>
    </div>
  );
}
