import { Link } from '@tanstack/react-router';
import { ANALYTICS_PAGE_SIZE } from '../../../../domain/analyticsSchemas.ts';
import { formatDate } from '../../../../domain/formatDate.ts';
import type { JourneyTrailItem } from '../../../../domain/journeyScoring.ts';
import { Card } from '../../../ui/Card.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import type { TableColumn } from '../../../ui/Table.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { usePagedList } from '../../shared/hooks/usePagedList.ts';
import { signedPoints } from './signedPoints.ts';

const COLUMNS: TableColumn<JourneyTrailItem>[] = [
  { id: 'when', header: 'When', width: '24%', cell: (row) => formatDate(row.at, 'dateTime') },
  { id: 'activity', header: 'Activity', cell: (row) => <UserText>{row.label}</UserText> },
  { id: 'points', header: 'Points', width: '12%', align: 'end', cell: (row) => signedPoints(row.points) },
];

/**
 * The contact's engagement score explained (buyer_journey_trail/): every activity that scores (email opens,
 * clicks and unsubscribes, form submissions, website pages seen), the latest first, 20 a page, each with the
 * points it gives under the organisation's scoring criteria (a page view with its matching page pattern's).
 */
export function ContactScoreCard({ contactId, score }: { contactId: number; score: number }) {
  const { journeyApi } = useServices();
  const list = usePagedList({
    mode: 'local',
    name: 'analytics-contact-score',
    pageSize: ANALYTICS_PAGE_SIZE,
    key: String(contactId),
    load: (page, signal) => journeyApi.trail({ contactId, offset: page.offset, limit: page.limit }, signal),
    rowsOf: (answer) => answer.result,
    totalOf: (answer) => answer.total_records,
    rowKey: (row: JourneyTrailItem) => row.id,
  });
  return (
    <Card
      title="How the score is made"
      description={
        <>
          Engagement score {score}: the points of each activity below, each worth half as much per half-life
          of the{' '}
          <Link to="/buyer-journey/{-$tab}" params={{ tab: 'scoring' }}>
            scoring criteria
          </Link>{' '}
          since it happened.
        </>
      }
      flush
    >
      <PagedTable
        list={list}
        caption="The contact’s scored activities"
        columns={COLUMNS}
        rowKey={(row) => String(row.id)}
        rowProps={() => ({ testId: 'contact-score-row' })}
        noun={['activity', 'activities']}
        errorTitle="The scored activities could not be loaded"
        empty={
          <StatePanel compact kind="empty" title="Nothing scored yet">
            Opens, clicks, form submissions and visits to your website (once the contact is known through a
            click in your emails) give points here.
          </StatePanel>
        }
      />
    </Card>
  );
}
