import { useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ContactTab } from '../../../../domain/analyticsContactSchemas.ts';
import {
  CONTACT_SORT_KEYS,
  CONTACT_SORT_OPTIONS,
  CONTACT_TAB_LABELS,
  type ContactSortKey,
  contactSortKey,
  contactSortOf,
} from '../../../../domain/analyticsContactSort.ts';
import type { ContactAnalyticsRow } from '../../../../domain/analyticsContactTypes.ts';
import type { AnalyticsQuery } from '../../../../domain/analyticsFilterSearch.ts';
import { contactsReportFields } from '../../../../domain/analyticsReportFields.ts';
import { ANALYTICS_PAGE_SIZE } from '../../../../domain/analyticsSchemas.ts';
import { formatDate } from '../../../../domain/formatDate.ts';
import type { ContactsListingQuery } from '../../../api/analyticsApi.ts';
import { Button } from '../../../ui/Button.tsx';
import { Select } from '../../../ui/Select.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import type { TableColumn, TableSort } from '../../../ui/Table.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import {
  CONTACT_DASHBOARD_CONTEXT,
  type ContactDashboardContext,
  ContactDashboardLink,
} from '../../shared/components/ContactDashboardLink.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { countedRows, usePagedList } from '../../shared/hooks/usePagedList.ts';
import { countColumn } from './analyticsColumns.tsx';
import { CreateContactListDialog } from './CreateContactListDialog.tsx';
import { ExportReportButton } from './ExportReportButton.tsx';
import { NothingSentPanel } from './NothingSentPanel.tsx';

/** What a tab shows: its search, sort and the first row of its last page. */
export type ContactTabState = { q: string; sort: ContactSortKey; offset: number };

const count = countColumn<ContactAnalyticsRow>;

function columns(context: ContactDashboardContext): TableColumn<ContactAnalyticsRow>[] {
  return [
    {
      id: 'contact_name',
      header: 'Contact',
      width: '30%',
      sortable: true,
      cell: (row) => (
        <span className="analytics-contact">
          <ContactDashboardLink
            contactId={row.contact_id}
            context={context}
            className="analytics-contact__name"
          >
            <UserText>{row.contact_name || row.contact_email}</UserText>
          </ContactDashboardLink>
          <span className="analytics-contact__email">{row.contact_email}</span>
        </span>
      ),
    },
    {
      id: 'company_name',
      header: 'Company',
      sortable: true,
      cell: (row) => (row.company_name ? <UserText>{row.company_name}</UserText> : '—'),
    },
    count('sent', 'Sent', (r) => r.sent, true),
    count('opens', 'Opens', (r) => r.opens, true),
    count('clicks', 'Clicks', (r) => r.clicks, true),
    {
      id: 'last_activity',
      header: 'Last activity',
      sortable: true,
      cell: (row) => (row.last_activity ? formatDate(row.last_activity, 'dateTime') : '—'),
    },
  ];
}

type Props = {
  tab: ContactTab;
  query: AnalyticsQuery;
  /** Hears the tab's search, sort and page as they change (so another tab's link can come back to them). */
  onShown: (tab: ContactTab, state: ContactTabState) => void;
};

/**
 * One contact tab: 20 contacts a page with Show more, searched by name or address, sorted by a column
 * (none: the latest activity first), each name a link to the contact's dashboard; and "Create a list from
 * these contacts". Its search, sort and page are in the address.
 */
export function ContactTabList({ tab, query, onShown }: Props) {
  const api = useServices().analyticsApi;
  const list = usePagedList({
    mode: 'url',
    name: `analytics-contacts-${tab}`,
    pageSize: ANALYTICS_PAGE_SIZE,
    sorts: CONTACT_SORT_KEYS,
    key: JSON.stringify(query),
    load: (page, signal) =>
      api.contactsListing(
        {
          ...query,
          tab,
          limit: page.limit,
          offset: page.offset,
          search: page.q,
          sort: contactSortOf(page.sort),
        },
        signal,
      ),
    ...countedRows((row: ContactAnalyticsRow) => row.contact_id),
  });
  const { q, sort, offset } = list.query;
  useEffect(() => onShown(tab, { q, sort, offset }), [onShown, tab, q, sort, offset]);
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const context: ContactDashboardContext = {};
  for (const key of CONTACT_DASHBOARD_CONTEXT) if (search[key] != null) context[key] = String(search[key]);
  const [creating, setCreating] = useState(false);
  const current = contactSortOf(sort);
  const tableSort: TableSort | undefined = current
    ? { columnId: current.by, direction: current.type }
    : undefined;
  const listing: ContactsListingQuery = { ...query, tab, limit: 0, offset: 0, search: q, sort: current };
  const label = CONTACT_TAB_LABELS[tab].toLowerCase();
  return (
    <>
      <div className="analytics-contacts__toolbar">
        <TextField
          label="Search contacts"
          type="search"
          placeholder="Name or email address"
          value={list.searchText}
          autoComplete="off"
          className="analytics-contacts__search"
          onChange={(event) => list.setSearchText(event.target.value)}
        />
        <Select
          label="Sort by"
          className="analytics-contacts__sort"
          value={sort}
          options={CONTACT_SORT_OPTIONS}
          onChange={(event) => list.setSort(event.target.value as ContactSortKey)}
        />
        <Button variant="secondary" disabled={list.total === 0} onClick={() => setCreating(true)}>
          Create a list from these contacts
        </Button>
        <ExportReportButton
          call="contacts_listing"
          query={query}
          fields={contactsReportFields({ tab, search: q, sort: current })}
          what="the contacts of this tab"
          list={list}
        />
      </div>
      <PagedTable
        list={list}
        caption={`${CONTACT_TAB_LABELS[tab]} contacts with their sends, opens and clicks in the period`}
        columns={columns(context)}
        rowKey={(row) => String(row.contact_id)}
        rowProps={() => ({ testId: 'analytics-contact-row' })}
        noun={['contact', 'contacts']}
        errorTitle="The contacts could not be loaded"
        sort={tableSort}
        onSortChange={(next) => list.setSort(contactSortKey(next.columnId, next.direction))}
        empty={
          q ? (
            <StatePanel compact kind="empty" title="No contact matches">
              No {label} contact matches “{q}”.
            </StatePanel>
          ) : tab === 'delivered' || tab === 'all_contacts' ? (
            <NothingSentPanel compact title="No contacts in this period">
              Send an email from a campaign: the contacts it reaches show here. Or choose a longer period.
            </NothingSentPanel>
          ) : (
            <StatePanel compact kind="empty" title={`No ${label} contacts`}>
              None of the emails of this filter {tab === 'bounced' ? 'bounced' : 'lost a subscriber'} in the
              period.
            </StatePanel>
          )
        }
      />
      <CreateContactListDialog
        open={creating}
        onClose={() => setCreating(false)}
        listing={listing}
        total={list.total}
      />
    </>
  );
}
