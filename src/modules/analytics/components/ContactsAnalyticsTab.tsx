import { Link, useSearch } from '@tanstack/react-router';
import { useCallback, useRef } from 'react';
import { CONTACT_TABS, type ContactTab } from '../../../../domain/analyticsContactSchemas.ts';
import { CONTACT_TAB_LABELS, contactTabOf } from '../../../../domain/analyticsContactSort.ts';
import type { AnalyticsQuery } from '../../../../domain/analyticsFilterSearch.ts';
import { normaliseSearchTerm } from '../../../../domain/normaliseSearchTerm.ts';
import { TabCount, TabLinks } from '../../../ui/TabLinks.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useReport } from '../../shared/hooks/useReport.ts';
import { ContactTabList, type ContactTabState } from './ContactTabList.tsx';

/**
 * A tab's own sort and page as its link carries them: kept while the search is the one they were shown
 * with (a new search starts every tab from its first page), the defaults left out.
 */
function tabSearch(state: ContactTabState | undefined, q: string) {
  return {
    sort: state && state.sort !== 'none' ? state.sort : undefined,
    offset: state && state.q === q && state.offset > 0 ? state.offset : undefined,
  };
}

/**
 * /analytics/contacts/{tab}: the contacts the filter's emails went to, in four tabs (delivered, bounced,
 * unsubscribed, all contacts), each with its count, and each keeping its own sort and page while the user
 * moves between them; the search is shared. The tab shown, its search, sort and page are in the address.
 */
export function ContactsAnalyticsTab({ query, tab: tabParam }: { query: AnalyticsQuery; tab?: string }) {
  const api = useServices().analyticsApi;
  const tab = contactTabOf(tabParam);
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const q = normaliseSearchTerm(String(search.q ?? '')).term;
  const counts = useReport(
    (input: AnalyticsQuery & { search: string }, signal) => api.contactTabCounts(input, signal),
    'analytics-contact-counts',
    { ...query, search: q },
  );
  const tabs = useRef<Partial<Record<ContactTab, ContactTabState>>>({});
  const remember = useCallback((shown: ContactTab, state: ContactTabState) => {
    tabs.current[shown] = state;
  }, []);
  const totals = counts.data?.data ?? null;
  return (
    <section className="analytics-contacts" aria-labelledby="analytics-contacts-title">
      <h2 id="analytics-contacts-title" className="analytics-section-title">
        Contacts
      </h2>
      <TabLinks
        label="Contact tabs"
        items={CONTACT_TABS.map((each) => ({
          key: each,
          current: each === tab,
          link: (props) => (
            <Link
              to="/analytics/{-$page}/{-$tab}"
              params={{ page: 'contacts', tab: each }}
              search={
                ((previous: Record<string, unknown>) =>
                  each === tab ? previous : { ...previous, ...tabSearch(tabs.current[each], q) }) as never
              }
              resetScroll={false}
              {...props}
            >
              {CONTACT_TAB_LABELS[each]}{' '}
              <TabCount value={totals ? totals[each] : null} failed={counts.status === 'failure'} />
            </Link>
          ),
        }))}
      />
      <ContactTabList key={tab} tab={tab} query={query} onShown={remember} />
    </section>
  );
}
