import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  AUDIENCE_LISTS_PAGE_SIZE,
  type AudienceListSummary,
  type AudienceListsPage,
} from '../../../../../domain/audienceLists.ts';
import { Button } from '../../../../ui/Button.tsx';
import { buttonClassName } from '../../../../ui/buttonClassName.ts';
import { LoadErrorPanel } from '../../../../ui/LoadErrorPanel.tsx';
import { PageHeader } from '../../../../ui/PageHeader.tsx';
import { Pagination } from '../../../../ui/Pagination.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { useToast } from '../../../../ui/useToast.ts';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { usePagedList } from '../../../shared/hooks/usePagedList.ts';
import { useRequest } from '../../../shared/hooks/useRequest.ts';
import {
  type AudienceListView,
  addCreatedList,
  insertCloneAfter,
  offsetAfterDelete,
  removeList,
  replaceList,
  viewFromListsPage,
} from '../../utils/audienceListView.ts';
import { DeleteListDialog } from './DeleteListDialog.tsx';
import { ListCard } from './ListCard.tsx';
import { ListNameDialog } from './ListNameDialog.tsx';
import './lists.css';
import { countOf } from '../../../../../domain/countOf.ts';
import { areaLinks } from '../../../../router/routeTable.ts';

const FILTERS = ['all'] as const;
const LOAD_ERROR_TITLE = 'Your lists could not be loaded';

/**
 * /audiences/lists: the organisation's lists as cards, 8 a page, newest first, with their totals; search
 * by name; New list, rename, clone (the copy right after the original) and delete (confirmed). The search
 * and page are in the address (?q=&offset=).
 */
export function ListsPage() {
  const api = useServices().audienceApi;
  const toast = useToast();
  const paged = usePagedList<'all', string, AudienceListsPage>({
    name: 'audienceLists',
    filters: FILTERS,
    pageSize: AUDIENCE_LISTS_PAGE_SIZE,
    load: (query, signal) =>
      api.listLists({ offset: query.offset, limit: query.limit, searchWord: query.q }, signal),
  });
  const { query, reload } = paged;
  const [view, setView] = useState<AudienceListView | null>(null);
  const [naming, setNaming] = useState<'new' | AudienceListSummary | null>(null);
  const [deleting, setDeleting] = useState<AudienceListSummary | null>(null);
  const clone = useRequest<number, { originalId: number; copy: AudienceListSummary }>(
    async (id, signal) => ({ originalId: id, copy: await api.cloneList(id, signal) }),
    'cloneList',
  );
  const [cloningId, setCloningId] = useState<number | null>(null);

  useEffect(() => {
    if (paged.data) setView(viewFromListsPage(paged.data));
  }, [paged.data]);

  const toastRef = useRef(toast);
  toastRef.current = toast;
  // Each clone is placed and reported once, when its answer arrives.
  useEffect(() => {
    if (clone.status === 'success' && clone.data) {
      const { originalId, copy } = clone.data;
      setView((current) => (current ? insertCloneAfter(current, originalId, copy) : current));
      toastRef.current.show({
        tone: 'success',
        message: `“${copy.list_name}” was added after the original.`,
      });
      setCloningId(null);
    } else if (clone.status === 'failure' && clone.error) {
      toastRef.current.show({ tone: 'error', message: clone.error.message });
      setCloningId(null);
    }
  }, [clone.status, clone.data, clone.error]);

  const newButton = <Button onClick={() => setNaming('new')}>New list</Button>;
  const importLink = (
    <Link {...areaLinks.importContacts} className={buttonClassName('secondary')}>
      Import contacts
    </Link>
  );

  let body: ReactNode;
  if (paged.status === 'failure' && paged.error && !view) {
    body = <LoadErrorPanel title={LOAD_ERROR_TITLE} message={paged.error.message} onRetry={() => reload()} />;
  } else if (!view) {
    body = <StatePanel kind="loading" title="Loading your lists…" />;
  } else if (view.total === 0 && query.q === '') {
    body = (
      <StatePanel kind="empty" title="No lists yet" actions={newButton}>
        A list holds the contacts a campaign or a workflow sends to. Create one, or import a CSV into a new
        list.
      </StatePanel>
    );
  } else if (view.lists.length === 0) {
    body = (
      <StatePanel kind="empty" title="No lists match" compact>
        {query.q ? `No list name contains “${query.q}”.` : 'This page is empty.'}
      </StatePanel>
    );
  } else {
    body = (
      <>
        {paged.status === 'failure' && paged.error ? (
          <LoadErrorPanel
            compact
            title={LOAD_ERROR_TITLE}
            message={paged.error.message}
            onRetry={() => reload()}
          />
        ) : null}
        <ul className="list-cards" aria-label="Lists" aria-busy={paged.status === 'loading'}>
          {view.lists.map((list) => (
            <ListCard
              key={list.list_id}
              list={list}
              cloning={cloningId === list.list_id}
              onRename={() => setNaming(list)}
              onClone={() => {
                setCloningId(list.list_id);
                clone.submit(list.list_id);
              }}
              onDelete={() => setDeleting(list)}
            />
          ))}
        </ul>
        {view.total > AUDIENCE_LISTS_PAGE_SIZE || query.offset > 0 ? (
          <Pagination
            offset={query.offset}
            limit={AUDIENCE_LISTS_PAGE_SIZE}
            total={view.total}
            noun="lists"
            disabled={paged.status === 'loading'}
            onChange={paged.setOffset}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="lists-page">
      <PageHeader
        eyebrow="Audiences"
        title="Lists"
        description="Lists of contacts that campaigns and workflows send to."
        actions={
          <>
            {importLink}
            {newButton}
          </>
        }
      />
      <div className="lists-page__toolbar">
        <TextField
          label="Search lists"
          type="search"
          value={paged.searchText}
          onChange={(event) => paged.setSearchText(event.target.value)}
          autoComplete="off"
        />
        {view ? (
          <p className="lists-page__count" data-testid="lists-total">
            {countOf(view.total, 'list', 'lists')}
            {query.q ? ' match' : ''}
          </p>
        ) : null}
      </div>
      {body}
      <ListNameDialog
        target={naming}
        onClose={() => setNaming(null)}
        onSaved={(list, created) => {
          setNaming(null);
          setView((current) =>
            current ? (created ? addCreatedList(current, list) : replaceList(current, list)) : current,
          );
          toast.show({
            tone: 'success',
            message: created ? `“${list.list_name}” was created.` : `Renamed to “${list.list_name}”.`,
          });
          if (created && query.offset > 0) paged.setOffset(0);
        }}
      />
      <DeleteListDialog
        list={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(listId) => {
          const name = deleting?.list_name ?? 'The list';
          setDeleting(null);
          toast.show({ tone: 'success', message: `“${name}” was deleted.` });
          const next = view ? removeList(view, listId) : null;
          if (next) setView(next);
          reload(offsetAfterDelete(query.offset, next?.total ?? 0, AUDIENCE_LISTS_PAGE_SIZE));
        }}
      />
    </div>
  );
}
