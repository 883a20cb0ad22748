import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import type { FormSummary } from '../../../../domain/hostedForms.ts';
import { timeAgo } from '../../../../domain/relativeTime.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import type { TableColumn } from '../../../ui/Table.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useToast } from '../../../ui/useToast.ts';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useConfirmedRequest } from '../../shared/hooks/useConfirmedRequest.ts';
import { countedRows, usePagedList } from '../../shared/hooks/usePagedList.ts';
import { removeRow } from '../../shared/utils/pagedRows.ts';

const PAGE_SIZE = 20;
const FORMS = '/audiences/{-$page}/{-$tab}/{-$subTab}' as const;

/** /audiences/forms: every form with its list, submissions and public address; search and pages. */
export function FormsList() {
  const { audienceApi } = useServices();
  const toast = useToast();
  const [deleting, setDeleting] = useState<FormSummary | null>(null);
  const list = usePagedList({
    mode: 'url',
    name: 'forms',
    pageSize: PAGE_SIZE,
    ...countedRows<FormSummary>((form) => form.id),
    load: (query, signal) =>
      audienceApi.forms.list({ offset: query.offset, limit: query.limit, searchWord: query.q }, signal),
  });
  const remove = useConfirmedRequest(
    async (form: FormSummary, signal) => {
      await audienceApi.forms.remove(form.id, signal);
      return form;
    },
    'deleteForm',
    (form) => {
      setDeleting(null);
      toast.show({ message: `Form “${form.name}” deleted.`, tone: 'success' });
      list.edit((draft) => removeRow(draft, form.id, (row) => row.id));
    },
    deleting?.id ?? null,
  );

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
      <PagedTable
        list={list}
        caption="Forms"
        columns={columns}
        rowKey={(form) => String(form.id)}
        noun={['form', 'forms']}
        errorTitle="The forms could not be loaded"
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
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete “${deleting?.name ?? ''}”?`}
        description="Its hosted page stops working and its submissions go. The contacts it brought in stay."
        confirmLabel="Delete form"
        onConfirm={() => deleting && remove.confirm(deleting)}
        busy={remove.busy}
        failure={
          remove.failureMessage ? { title: 'The form was not deleted', message: remove.failureMessage } : null
        }
      >
        <p>This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
