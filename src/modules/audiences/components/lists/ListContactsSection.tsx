import { Link } from '@tanstack/react-router';
import type { ListContactKind } from '../../../../../domain/audienceListSchemas.ts';
import type { AudienceListContact } from '../../../../../domain/audienceLists.ts';
import { countOf } from '../../../../../domain/countOf.ts';
import { areaLinks } from '../../../../router/routeTable.ts';
import { buttonClassName } from '../../../../ui/buttonClassName.ts';
import { Card } from '../../../../ui/Card.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import type { TableColumn } from '../../../../ui/Table.tsx';
import { UserText } from '../../../../ui/UserText.tsx';
import { ContactDashboardLink } from '../../../shared/components/ContactDashboardLink.tsx';
import { PagedTable } from '../../../shared/components/PagedTable.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { countedRows, usePagedList } from '../../../shared/hooks/usePagedList.ts';
import { ContactStandingBadge } from '../ContactStandingBadge.tsx';

type Props = { listId: number; kind: ListContactKind; pageSize: number; title: string };

const COLUMNS: TableColumn<AudienceListContact>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (c) => (
      <ContactDashboardLink contactId={c.contact_id}>
        <UserText>{`${c.first_name} ${c.last_name}`.trim() || c.email}</UserText>
      </ContactDashboardLink>
    ),
  },
  { id: 'email', header: 'Email', cell: (c) => c.email },
  { id: 'company', header: 'Company', cell: (c) => c.account_name ?? '—' },
  { id: 'personality', header: 'Personality', cell: (c) => c.personality_type ?? 'Not profiled' },
  {
    id: 'status',
    header: 'Status',
    cell: (c) => <ContactStandingBadge status={c.status} marketingConsent={c.marketing_consent} />,
  },
];

/** One half of a list's contacts (profiled or not), growing on its own with Show more. */
export function ListContactsSection({ listId, kind, pageSize, title }: Props) {
  const api = useServices().audienceApi;
  const list = usePagedList({
    mode: 'local',
    name: `listContacts:${kind}`,
    pageSize,
    key: String(listId),
    load: (query, signal) =>
      api.listContacts({ listId, kind, offset: query.offset, limit: query.limit }, signal),
    ...countedRows<AudienceListContact>((c) => c.contact_id),
  });
  return (
    <Card
      flush
      title={title}
      description={list.latest ? countOf(list.total, 'contact', 'contacts') : undefined}
    >
      <PagedTable
        list={list}
        caption={title}
        columns={COLUMNS}
        rowKey={(c) => String(c.contact_id)}
        noun={['contact', 'contacts']}
        errorTitle="These contacts could not be loaded"
        empty={
          <StatePanel
            compact
            kind="empty"
            title={`No ${kind === 'profiled' ? 'profiled' : 'non-profiled'} contacts`}
            actions={
              <Link {...areaLinks.audiences} className={buttonClassName('secondary')}>
                Add people from People
              </Link>
            }
          >
            Choose people in People and add them to this list.
          </StatePanel>
        }
      />
    </Card>
  );
}
