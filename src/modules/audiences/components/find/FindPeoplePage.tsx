import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AudienceListSummary } from '../../../../../domain/audienceLists.ts';
import type { PeopleFilters, PeoplePage, PersonRow } from '../../../../../domain/audiencePeople.ts';
import { countOf } from '../../../../../domain/countOf.ts';
import {
  groupKey,
  groupLabel,
  hasPicks,
  NO_PICKS,
  type PeoplePicks,
  type PickGroup,
} from '../../../../../domain/peoplePicks.ts';
import type { RecommendedPeoplePage } from '../../../../../domain/recommendedPeople.ts';
import { Button } from '../../../../ui/Button.tsx';
import { PageHeader } from '../../../../ui/PageHeader.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { useToast } from '../../../../ui/useToast.ts';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../../shared/hooks/useLoad.ts';
import { usePagedList } from '../../../shared/hooks/usePagedList.ts';
import { AddToListDialog } from '../people/AddToListDialog.tsx';
import { DynamicGroupChoice } from './DynamicGroupChoice.tsx';
import { PickGroupSection } from './PickGroupSection.tsx';
import './findPeople.css';

const PAGE_SIZE = 10;
const RECOMMENDED: PickGroup = { kind: 'recommended' };

/** A people page's rows as a group's: counted when the service counts them. */
const peopleAnswer = {
  rowsOf: (answer: PeoplePage) => answer.data,
  totalOf: (answer: PeoplePage) => answer.total_count ?? answer.data.length,
  moreAfter: (answer: PeoplePage) => answer.has_more,
  rowKey: (row: PersonRow) => row.contact_id,
};

/** What is chosen, in words: people ticked one by one and groups chosen whole (with their exclusions). */
function picksSummary(picks: PeoplePicks): string {
  const parts = picks.whole.map(
    (w) =>
      `everyone in ${groupLabel(w.group)}${w.excluded.length ? ` but ${countOf(w.excluded.length, 'person', 'people')}` : ''}`,
  );
  if (picks.ids.length) parts.unshift(countOf(picks.ids.length, 'person', 'people'));
  return parts.length ? `Chosen: ${parts.join(', ')}.` : 'Nobody chosen yet.';
}

/**
 * /audiences/search and /audiences/add?list_id=…: find people to add to a list from the recommended
 * group, a search and the dynamic groups of the list's fit; each group has Select all and Unselect all
 * (domain/peoplePicks.ts). With a list, Add puts them in it; without, Add asks which list.
 */
export function FindPeoplePage({ listId }: { listId: number | null }) {
  const api = useServices().audienceApi;
  const toast = useToast();
  const [picks, setPicks] = useState<PeoplePicks>(NO_PICKS);
  const [dynamic, setDynamic] = useState<PickGroup | null>(null);
  const [choosingList, setChoosingList] = useState(false);
  const [adding, setAdding] = useState(false);
  const list = useLoad((id: number, signal) => api.listDetails(id, signal), 'findPeopleList');
  const { load: loadList } = list;
  useEffect(() => {
    if (listId !== null) loadList(listId);
  }, [listId, loadList]);
  const listName = listId !== null && list.data?.list.list_id === listId ? list.data.list.list_name : null;

  const recommended = usePagedList({
    mode: 'local',
    name: 'findPeople:recommended',
    pageSize: PAGE_SIZE,
    key: String(listId),
    load: (query, signal) =>
      api.recommendedPeople({ listId, offset: query.offset, limit: query.limit }, signal),
    rowsOf: (answer: RecommendedPeoplePage) => answer.data,
    totalOf: (answer) => answer.total_count,
    rowKey: (row) => row.contact_id,
  });
  // A search and a dynamic group are people_listing/ scopes: a term, or one filter value.
  const peoplePage = (
    query: { q: string; offset: number; limit: number },
    filters: PeopleFilters,
    signal: AbortSignal,
  ) =>
    api.listPeople(
      {
        scope: { tab: 'all', searchWord: query.q, filters, accountId: null },
        offset: query.offset,
        limit: query.limit,
        sortBy: null,
        sortType: 'NOSORT',
      },
      signal,
    );
  const searched = usePagedList({
    mode: 'local',
    name: 'findPeople:search',
    pageSize: PAGE_SIZE,
    load: (query, signal) => peoplePage(query, {}, signal),
    ...peopleAnswer,
  });
  const dynamicKey = dynamic ? groupKey(dynamic) : '';
  const grouped = usePagedList({
    mode: 'local',
    name: 'findPeople:dynamic',
    pageSize: PAGE_SIZE,
    key: dynamicKey,
    enabled: dynamic !== null,
    load: (query, signal) =>
      peoplePage(
        { ...query, q: '' },
        dynamic?.kind === 'dynamic' ? { [dynamic.category]: [dynamic.value] } : {},
        signal,
      ),
    ...peopleAnswer,
  });

  // Which groups show which people, so unticking a person unticks them in each.
  const loaded = useRef(new Map<string, { group: PickGroup; ids: Set<number> }>());
  const onLoaded = useCallback((group: PickGroup, ids: number[]) => {
    loaded.current.set(groupKey(group), { group, ids: new Set(ids) });
  }, []);
  const holdingOf = useCallback(
    (id: number) => [...loaded.current.values()].filter((g) => g.ids.has(id)).map((g) => g.group),
    [],
  );

  const term = searched.query.q;
  const searchGroup = useMemo<PickGroup>(() => ({ kind: 'search', term }), [term]);
  const fit = recommended.latest?.fit ?? { industries: [], designations: [] };
  const add = async (target: { list_id: number; list_name: string }) => {
    const added = await api.addPicksToList(picks, target.list_id);
    setPicks(NO_PICKS);
    setChoosingList(false);
    recommended.reload();
    toast.show({
      tone: 'success',
      message: `${countOf(added, 'person was', 'people were')} added to “${target.list_name}”.`,
    });
  };
  const section = { picks, onPicks: setPicks, holdingOf, onLoaded };
  return (
    <div className="find-people">
      <PageHeader
        eyebrow="Audiences"
        title={listId === null ? 'Find and add people' : `Add people to “${listName ?? '…'}”`}
        description="Recommended people first (engaged, and like the list's members), a search, and groups by industry or role. Choose a whole group or single people."
      />
      <TextField
        label="Search people"
        type="search"
        placeholder="Name, email or company"
        value={searched.searchText}
        onChange={(event) => searched.setSearchText(event.target.value)}
      />
      {term ? (
        <PickGroupSection
          group={searchGroup}
          list={searched as never}
          total={searched.latest?.total_count ?? null}
          description="Everyone whose name, email or company holds the words."
          emptyText="Nobody matches this search."
          {...section}
        />
      ) : null}
      <PickGroupSection
        group={RECOMMENDED}
        list={recommended as never}
        total={recommended.latest?.total_count ?? null}
        description={
          listId === null
            ? 'Engaged people: recent opens and clicks, or a high engagement score.'
            : "Engaged people who share the list's industries or roles, not in it yet."
        }
        emptyText="Nobody is recommended now: nobody engaged recently outside the list."
        {...section}
      />
      <DynamicGroupChoice fit={fit} chosen={dynamic} onChoose={setDynamic} />
      {dynamic ? (
        <PickGroupSection
          group={dynamic}
          list={grouped as never}
          total={null}
          description="Everyone of this group when they are added, also people who join it later."
          emptyText="Nobody is in this group."
          {...section}
        />
      ) : null}
      <section className="find-people__bar" aria-label="Chosen people">
        <p aria-live="polite">{picksSummary(picks)}</p>
        <Button
          disabled={!hasPicks(picks) || (listId !== null && listName === null)}
          loading={adding}
          onClick={async () => {
            if (listId === null || listName === null) return setChoosingList(true);
            setAdding(true);
            try {
              await add({ list_id: listId, list_name: listName });
            } catch (error) {
              toast.show({
                tone: 'error',
                message: error instanceof Error ? error.message : 'Nobody was added.',
              });
            } finally {
              setAdding(false);
            }
          }}
        >
          {listName ? `Add to “${listName}”` : 'Add to a list…'}
        </Button>
      </section>
      {choosingList ? (
        <AddToListDialog
          summary={picksSummary(picks)}
          onClose={() => setChoosingList(false)}
          add={(target: AudienceListSummary) => add(target)}
        />
      ) : null}
    </div>
  );
}
