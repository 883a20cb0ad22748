import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import type { FormSummary } from '../../../../domain/hostedForms.ts';
import { timeAgo } from '../../../../domain/relativeTime.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { ConfirmDeleteDialog } from '../../../ui/ConfirmDeleteDialog.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { Table, type TableColumn } from '../../../ui/Table.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useToast } from '../../../ui/useToast.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { usePagedList } from '../../shared/hooks/usePagedList.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';

const PAGE_SIZE = 10;
const FILTERS = ['all'] as const;
const FORMS = '/audiences/{-$page}/{-$tab}/{-$subTab}' as const;

/** /audiences/forms: every form with its list, submissions and public address; search and pages. */
export function FormsList() {
  const { audienceApi } = useServices();
  const toast = useToast();
  const [deleting, setDeleting] = useState<FormSummary | null>(null);
  const list = usePagedList({
    name: 'forms',
    filters: FILTERS,
    pageSize: PAGE_SIZE,
    load: (query, signal) =>
      audienceApi.forms.list({ offset: query.offset, limit: query.limit, searchWord: query.q }, signal),
  });
  const remove = useRequest(async (form: FormSummary, signal) => {
    await audienceApi.forms.remove(form.id, signal);
    setDeleting(null);
    toast.show({ message: `Form “${form.name}” deleted.`, tone: 'success' });
    list.reload();
  }, 'deleteForm');

  const columns: TableColumn<FormSummary>[] = [
    {
      id: 'name',
      header: 'Form',
      cell: (form) => (
        <div className="forms-list__name">
          <Link to={FORMS} params={{ page: 'forms', tab: 'edit' }} search={{ form_id: String(form.id) }}>
            {form.name}
          </Link>
          <a className="forms-list__url" href={form.form_url} target="_blank" rel="noopener noreferrer">
            Open the hosted form<span className="ui-visually-hidden"> {form.name} (new tab)</span>
          </a>
        </div>
      ),
    },
    { id: 'list', header: 'Adds to list', cell: (form) => form.list_name ?? '—' },
    {
      id: 'submissions',
      header: 'Submissions',
      align: 'end',
      cell: (form) => (
        <Link to={FORMS} params={{ page: 'forms', tab: 'submissions' }} search={{ form_id: String(form.id) }}>
          {formatThousands(form.submissions)}
          <span className="ui-visually-hidden"> submissions of {form.name}</span>
        </Link>
      ),
    },
    { id: 'updated', header: 'Updated', cell: (form) => timeAgo(form.updated_at) },
    {
      id: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (form) => (
        <Button variant="ghost" size="sm" onClick={() => setDeleting(form)}>
          Delete<span className="ui-visually-hidden"> {form.name}</span>
        </Button>
      ),
    },
  ];

  const data = list.data;
  const newForm = (
    <Link to={FORMS} params={{ page: 'forms', tab: 'new' }} className={buttonClassName()}>
      New form
    </Link>
  );
  return (
    <>
      <PageHeader
        eyebrow="Audiences"
        title="Forms"
        description="Hosted sign-up forms: each adds the people who fill it in to a list, with their consent."
        actions={newForm}
      />
      <div className="forms-list__search">
        <TextField
          label="Search forms"
          type="search"
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.target.value)}
        />
      </div>
      {list.status === 'failure' && !data ? (
        <StatePanel
          kind="error"
          title="The forms could not be loaded"
          actions={<Button onClick={() => list.reload()}>Try again</Button>}
        >
          {list.error?.message}
        </StatePanel>
      ) : (
        <Table
          caption="Forms"
          captionHidden
          columns={columns}
          rows={data?.data ?? []}
          rowKey={(form) => String(form.id)}
          loading={list.status === 'loading'}
          empty={
            list.query.q ? (
              <StatePanel compact kind="empty" title="No form matches your search" />
            ) : (
              <StatePanel compact kind="empty" title="No forms yet" actions={newForm}>
                Make one: choose its fields and the list it adds people to.
              </StatePanel>
            )
          }
        />
      )}
      {data && data.total_count > PAGE_SIZE ? (
        <Pagination
          offset={list.query.offset}
          limit={PAGE_SIZE}
          total={data.total_count}
          onChange={list.setOffset}
          noun="forms"
        />
      ) : null}
      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete “${deleting?.name ?? ''}”?`}
        description="Its hosted page stops working and its submissions go. The contacts it brought in stay."
        confirmLabel="Delete form"
        onConfirm={() => deleting && remove.submit(deleting)}
        busy={remove.status === 'loading'}
        error={remove.status === 'failure' ? (remove.error?.message ?? null) : null}
      />
    </>
  );
}
