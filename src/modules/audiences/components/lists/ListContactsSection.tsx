import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ListContactKind } from '../../../../../domain/audienceListSchemas.ts';
import type { AudienceListContact } from '../../../../../domain/audienceLists.ts';
import { countOf } from '../../../../../domain/countOf.ts';
import { areaLinks } from '../../../../router/routeTable.ts';
import { buttonClassName } from '../../../../ui/buttonClassName.ts';
import { Card } from '../../../../ui/Card.tsx';
import { LoadErrorPanel } from '../../../../ui/LoadErrorPanel.tsx';
import { Pagination } from '../../../../ui/Pagination.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { Table, type TableColumn } from '../../../../ui/Table.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../../shared/hooks/useLoad.ts';

type Props = { listId: number; kind: ListContactKind; pageSize: number; title: string };

const COLUMNS: TableColumn<AudienceListContact>[] = [
  { id: 'name', header: 'Name', cell: (c) => `${c.first_name} ${c.last_name}`.trim() || '—' },
  { id: 'email', header: 'Email', cell: (c) => c.email },
  { id: 'company', header: 'Company', cell: (c) => c.account_name ?? '—' },
  { id: 'personality', header: 'Personality', cell: (c) => c.personality_type ?? 'Not profiled' },
  { id: 'status', header: 'Status', cell: (c) => c.status },
];

/** One half of a list's contacts (profiled or not), paged on its own. */
export function ListContactsSection({ listId, kind, pageSize, title }: Props) {
  const api = useServices().audienceApi;
  const [offset, setOffset] = useState(0);
  const page = useLoad(
    (input: { offset: number }, signal) =>
      api.listContacts({ listId, kind, offset: input.offset, limit: pageSize }, signal),
    `listContacts:${kind}`,
  );
  const { load } = page;
  useEffect(() => {
    load({ offset });
  }, [load, offset]);
  const total = page.data?.total_count ?? 0;
  return (
    <Card flush title={title} description={page.data ? countOf(total, 'contact', 'contacts') : undefined}>
      <Table
        caption={title}
        captionHidden
        columns={COLUMNS}
        rows={page.data?.data ?? []}
        rowKey={(c) => String(c.contact_id)}
        loading={page.status === 'loading' || page.status === 'idle'}
        error={
          page.status === 'failure' && page.error ? (
            <LoadErrorPanel
              compact
              title="These contacts could not be loaded"
              message={page.error.message}
              onRetry={() => load({ offset })}
            />
          ) : null
        }
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
      {total > pageSize ? (
        <Pagination
          offset={offset}
          limit={pageSize}
          total={total}
          noun="contacts"
          onChange={setOffset}
          disabled={page.status === 'loading'}
        />
      ) : null}
    </Card>
  );
}
