import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  AUDIENCE_LISTS_PAGE_SIZE,
  type AudienceListSummary,
  type AudienceListsPage,
} from '../../../../../domain/audienceLists.ts';
import { countOf } from '../../../../../domain/countOf.ts';
import { Button } from '../../../../ui/Button.tsx';
import { buttonClassName } from '../../../../ui/buttonClassName.ts';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { useToast } from '../../../../ui/useToast.ts';
import { CardListPage } from '../../../shared/components/CardListPage.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useListClone } from '../../../shared/hooks/useListClone.ts';
import { countedRows, usePagedList } from '../../../shared/hooks/usePagedList.ts';
import { addFirst, removeRow, replaceRow } from '../../../shared/utils/pagedRows.ts';
import { listKey } from '../../utils/audienceListView.ts';
import { DeleteListDialog } from './DeleteListDialog.tsx';
import { ListCard } from './ListCard.tsx';
import { ListNameDialog } from './ListNameDialog.tsx';
import './lists.css';
import { areaLinks } from '../../../../router/routeTable.ts';

/**
 * /audiences/lists: the organisation's lists as cards, 8 at a time (Show more), newest first, with their
 * totals; search by name; New list, rename, clone (the copy right after the original) and delete
 * (confirmed). The search and the rows shown are in the address (?q=&offset=).
 */
export function ListsPage() {
  const api = useServices().audienceApi;
  const toast = useToast();
  const list = usePagedList<AudienceListsPage, AudienceListSummary>({
    mode: 'url',
    name: 'audienceLists',
    pageSize: AUDIENCE_LISTS_PAGE_SIZE,
    load: (query, signal) =>
      api.listLists({ offset: query.offset, limit: query.limit, searchWord: query.q }, signal),
    ...countedRows(listKey),
  });
  const { query, edit } = list;
  const [naming, setNaming] = useState<'new' | AudienceListSummary | null>(null);
  const [deleting, setDeleting] = useState<AudienceListSummary | null>(null);
  const clone = useListClone(edit, {
    name: 'cloneList',
    clone: (id, signal) => api.cloneList(id, signal),
    key: listKey,
    nameOf: (copy) => copy.list_name,
  });

  const newButton = <Button onClick={() => setNaming('new')}>New list</Button>;
  return (
    <CardListPage
      header={{
        eyebrow: 'Audiences',
        title: 'Lists',
        description: 'Lists of contacts that campaigns and workflows send to.',
        actions: (
          <>
            <Link {...areaLinks.importContacts} className={buttonClassName('secondary')}>
              Import contacts
            </Link>
            {newButton}
          </>
        ),
      }}
      list={list}
      searchLabel="Search lists"
      count={`${countOf(list.total, 'list', 'lists')}${query.q ? ' match' : ''}`}
      countTestId="lists-total"
      noun={['list', 'lists']}
      cardsLabel="Lists"
      loadingTitle="Loading your lists…"
      loadErrorTitle="Your lists could not be loaded"
      filtered={query.q !== ''}
      nothingYet={
        <StatePanel kind="empty" title="No lists yet" actions={newButton}>
          A list holds the contacts a campaign or a workflow sends to. Create one, or import a CSV into a new
          list.
        </StatePanel>
      }
      noMatch={
        <StatePanel kind="empty" title="No lists match" compact>
          {query.q ? `No list name contains “${query.q}”.` : 'No list is left here.'}
        </StatePanel>
      }
      renderCard={(row) => (
        <ListCard
          key={row.list_id}
          list={row}
          cloning={clone.cloningId === row.list_id}
          onRename={() => setNaming(row)}
          onClone={() => clone.start(row.list_id)}
          onDelete={() => setDeleting(row)}
        />
      )}
    >
      <ListNameDialog
        target={naming}
        onClose={() => setNaming(null)}
        onSaved={(saved, created) => {
          setNaming(null);
          edit((draft) => (created ? addFirst(draft, saved, listKey) : replaceRow(draft, saved, listKey)));
          toast.show({
            tone: 'success',
            message: created ? `“${saved.list_name}” was created.` : `Renamed to “${saved.list_name}”.`,
          });
        }}
      />
      <DeleteListDialog
        list={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(listId) => {
          const name = deleting?.list_name ?? 'The list';
          setDeleting(null);
          toast.show({ tone: 'success', message: `“${name}” was deleted.` });
          edit((draft) => removeRow(draft, listId, listKey));
        }}
      />
    </CardListPage>
  );
}
