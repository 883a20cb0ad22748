import { useMemo } from 'react';
import { AUDIT_ACTIVITY, type AuditActivity } from '../../../../domain/analyticsContactTypes.ts';
import { dateOptionLabel, localToday, periodDates } from '../../../../domain/analyticsPeriod.ts';
import { ANALYTICS_PAGE_SIZE } from '../../../../domain/analyticsSchemas.ts';
import { formatDate } from '../../../../domain/formatDate.ts';
import { Card } from '../../../ui/Card.tsx';
import { Select } from '../../../ui/Select.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import type { TableColumn } from '../../../ui/Table.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { countedRows, usePagedList } from '../../shared/hooks/usePagedList.ts';
import { signedPoints } from './signedPoints.ts';

/** The audit trail's periods: all time first (its default), then the rolling ones ending today. */
const PERIODS = ['all', 'qtr', 'month', 'week', 'day'] as const;

/** What an activity was about: the article or link clicked, else the email and its campaign. */
function subjectOf(row: AuditActivity) {
  if (row.kind === 'clicked' && (row.article_title || row.link))
    return <UserText>{row.article_title ?? row.link}</UserText>;
  if (!row.email_name) return '—';
  return (
    <>
      <UserText>{row.email_name}</UserText>
      {row.campaign_name ? (
        <span className="analytics-contact__email">
          <UserText>{row.campaign_name}</UserText>
        </span>
      ) : null}
    </>
  );
}

const COLUMNS: TableColumn<AuditActivity>[] = [
  { id: 'when', header: 'When', width: '24%', cell: (row) => formatDate(row.occurred_at, 'dateTime') },
  { id: 'activity', header: 'Activity', width: '22%', cell: (row) => AUDIT_ACTIVITY[row.kind] },
  {
    id: 'about',
    header: 'About',
    cell: (row) => <span className="analytics-contact">{subjectOf(row)}</span>,
  },
  { id: 'points', header: 'Points', width: '10%', align: 'end', cell: (row) => pointsText(row.points) },
];

/** An activity's points as a signed number ("+3", "−10"); none: a dash. */
function pointsText(points: number | null): string {
  return points === null || points === 0 ? '—' : signedPoints(points);
}

/** Every recorded activity of the contact, newest first, 20 a page; all time unless a period is chosen. */
export function ContactAuditTrailCard({ contactId }: { contactId: number }) {
  const api = useServices().analyticsApi;
  const today = useMemo(() => localToday(), []);
  const list = usePagedList({
    mode: 'local',
    name: 'analytics-contact-audit-trail',
    pageSize: ANALYTICS_PAGE_SIZE,
    filters: PERIODS,
    key: String(contactId),
    load: (page, signal) =>
      api.contactAuditTrail(
        {
          contact_id: contactId,
          limit: page.limit,
          offset: page.offset,
          ...periodDates({ option: page.filter, customStart: null, customEnd: null }, today, true),
        },
        signal,
      ),
    ...countedRows((row: AuditActivity) => row.event_id),
  });
  return (
    <Card
      title="Audit trail"
      description="Every activity of this contact, the latest first, with the points it gave the engagement score."
      flush
      actions={
        <Select
          label="Audit trail period"
          hideLabel
          className="analytics-zoom"
          value={list.query.filter}
          options={PERIODS.map((value) => ({ value, label: dateOptionLabel(value) }))}
          onChange={(event) => list.setFilter(event.target.value as (typeof PERIODS)[number])}
        />
      }
    >
      <PagedTable
        list={list}
        caption="The contact’s activities"
        columns={COLUMNS}
        rowKey={(row) => String(row.event_id)}
        rowProps={() => ({ testId: 'contact-activity-row' })}
        noun={['activity', 'activities']}
        errorTitle="The audit trail could not be loaded"
        empty={
          <StatePanel compact kind="empty" title="No activity in this period">
            Sends, opens, clicks, bounces and unsubscribes of this contact show here.
          </StatePanel>
        }
      />
    </Card>
  );
}
