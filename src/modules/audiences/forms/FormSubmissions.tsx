import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatDate } from '../../../../domain/formatDate.ts';
import type { FormSubmission } from '../../../../domain/hostedForms.ts';
import type { SubmissionDates } from '../../../api/formsApi.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import type { TableColumn } from '../../../ui/Table.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { ContactDashboardLink } from '../../shared/components/ContactDashboardLink.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { countedRows, usePagedList } from '../../shared/hooks/usePagedList.ts';

const PAGE_SIZE = 20;
const ALL_TIME: SubmissionDates = { startDate: '', endDate: '' };
const FORMS = '/audiences/{-$page}/{-$tab}/{-$subTab}' as const;

const when = (iso: string) => formatDate(iso, 'dateTime');

const COLUMNS: TableColumn<FormSubmission>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (row) =>
      row.contact_id !== null ? (
        <ContactDashboardLink contactId={row.contact_id}>
          <UserText>{row.full_name || row.email}</UserText>
        </ContactDashboardLink>
      ) : (
        row.full_name || '—'
      ),
  },
  { id: 'email', header: 'Email', cell: (row) => row.email },
  {
    id: 'consent',
    header: 'Opt-in',
    cell: (row) =>
      row.consent && row.unsub_uuid ? (
        <span className="form-submissions__consent">
          Yes{' '}
          <Link to={FORMS} params={{ page: 'consent' }} search={{ unsub_id: row.unsub_uuid }}>
            Consent proof<span className="ui-visually-hidden"> of {row.email}</span>
          </Link>
        </span>
      ) : row.consent ? (
        'Yes'
      ) : (
        'No'
      ),
  },
  { id: 'origin', header: 'From', cell: (row) => row.origin_domain ?? 'Direct' },
  { id: 'date', header: 'Submitted', cell: (row) => when(row.created_on) },
];

/** A form's submissions, newest first, between two days (all time by default), with a CSV export. */
export function FormSubmissions({ formId }: { formId: number }) {
  const { audienceApi } = useServices();
  const form = useLoad((id: number, signal) => audienceApi.forms.details(id, signal), 'formDetails');
  const [dates, setDates] = useState<SubmissionDates>(ALL_TIME);
  const datesWrong = dates.startDate !== '' && dates.endDate !== '' && dates.startDate > dates.endDate;
  // The days chosen are part of what is loaded: a change starts again at the first page.
  const rows = usePagedList({
    mode: 'url',
    name: 'formSubmissions',
    pageSize: PAGE_SIZE,
    key: JSON.stringify([formId, dates]),
    // Days the wrong way round are refused by the field; nothing is asked until they are mended.
    enabled: !datesWrong,
    load: (query, signal) =>
      audienceApi.forms.submissions({ formId, offset: query.offset, limit: query.limit, ...dates }, signal),
    ...countedRows<FormSubmission>((row) => row.person_id),
  });
  const { load: loadForm } = form;
  useEffect(() => loadForm(formId), [formId, loadForm]);
  const changeDates = (patch: Partial<SubmissionDates>) => setDates((current) => ({ ...current, ...patch }));

  return (
    <>
      <PageHeader
        eyebrow="Audiences › Forms"
        title={form.data ? `Submissions of “${form.data.name}”` : 'Submissions'}
        description="Everyone who filled in the form, newest first, and whether they opted in."
        actions={
          <Link to={FORMS} params={{ page: 'forms' }} className="form-editor__back">
            Back to forms
          </Link>
        }
      />
      <fieldset className="form-submissions__filters">
        <legend className="ui-visually-hidden">Submission dates</legend>
        <TextField
          label="From"
          type="date"
          value={dates.startDate}
          max={dates.endDate || undefined}
          onChange={(event) => changeDates({ startDate: event.target.value })}
        />
        <TextField
          label="To"
          type="date"
          value={dates.endDate}
          min={dates.startDate || undefined}
          onChange={(event) => changeDates({ endDate: event.target.value })}
          error={datesWrong ? 'The end comes before the start.' : undefined}
        />
        <Button
          variant="secondary"
          disabled={dates.startDate === '' && dates.endDate === ''}
          onClick={() => changeDates(ALL_TIME)}
        >
          All time
        </Button>
        <a
          className={buttonClassName('secondary')}
          href={audienceApi.forms.submissionsCsvUrl(formId, dates)}
          download
        >
          Export CSV
        </a>
      </fieldset>
      <PagedTable
        list={rows}
        caption="Submissions"
        columns={COLUMNS}
        rowKey={(row) => String(row.person_id)}
        noun={['submission', 'submissions']}
        errorTitle="The submissions could not be loaded"
        empty={
          <StatePanel compact kind="empty" title="No submissions">
            {dates.startDate || dates.endDate
              ? 'Nobody filled in the form in these days.'
              : 'Share the form’s public address: submissions appear here.'}
          </StatePanel>
        }
      />
    </>
  );
}
