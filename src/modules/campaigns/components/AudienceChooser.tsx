import { OptionPicker } from '../../shared/components/OptionPicker.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { usePagedList } from '../../shared/hooks/usePagedList.ts';

type Chosen = Map<number, string>;
type Props = {
  kind: 'lists' | 'contacts';
  chosen: Chosen;
  onChange: (next: Chosen) => void;
};

type AudienceOption = { id: number; label: string };
/** A page of options; people are not always counted, so whether more follow is said apart. */
type AudienceOptions = { total: number; more: boolean; options: AudienceOption[] };

const PAGE_SIZE = 10;

/**
 * Choose lists or contacts from the audience area: a picker of several (searchable; a newer search
 * supersedes the one in flight; Show more); the chosen ones stay listed above.
 */
export function AudienceChooser({ kind, chosen, onChange }: Props) {
  const api = useServices().audienceApi;
  const list = usePagedList({
    mode: 'local',
    name: `campaignAudience:${kind}`,
    pageSize: PAGE_SIZE,
    load: async (query, signal): Promise<AudienceOptions> => {
      const { offset, limit, q } = query;
      if (kind === 'lists') {
        const page = await api.listLists({ offset, limit, searchWord: q }, signal);
        return {
          total: page.total_count,
          more: offset + page.data.length < page.total_count,
          options: page.data.map((l) => ({ id: l.list_id, label: `${l.list_name} (${l.totalContacts})` })),
        };
      }
      const page = await api.listPeople(
        {
          scope: { tab: 'all', searchWord: q, filters: {}, accountId: null },
          offset,
          limit,
          sortBy: null,
          sortType: 'NOSORT',
        },
        signal,
      );
      return {
        total: page.total_count ?? offset + page.data.length,
        more: page.has_more,
        options: page.data.map((p) => ({ id: p.contact_id, label: `${p.full_name} <${p.contact_email}>` })),
      };
    },
    rowsOf: (answer) => answer.options,
    totalOf: (answer) => answer.total,
    moreAfter: (answer) => answer.more,
    rowKey: (option: AudienceOption) => option.id,
  });
  return (
    <OptionPicker
      choose="many"
      list={list}
      rowKey={(option) => option.id}
      variant="compact"
      noun={kind === 'lists' ? ['list', 'lists'] : ['contact', 'contacts']}
      legend={kind === 'lists' ? 'Lists' : 'Contacts'}
      searchLabel={`Search ${kind}`}
      emptyText={null}
      chosen={chosen}
      onChosen={onChange}
      labelOf={(option) => option.label}
    />
  );
}
