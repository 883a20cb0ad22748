import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { AudienceListSummary } from '../../../../../domain/audienceLists.ts';
import { PEOPLE_TABS, type PeopleTab, type PersonRow } from '../../../../../domain/audiencePeople.ts';
import { formatThousands } from '../../../../../domain/formatThousands.ts';
import {
  addedToList,
  allDeleted,
  buyerStagePatched,
  contactCreated,
  contactsDeleted,
  contactUpdated,
} from '../../../../../domain/peopleListState.ts';
import { toRequestFailure } from '../../../../../domain/requestFailure.ts';
import { Button } from '../../../../ui/Button.tsx';
import { buttonClassName } from '../../../../ui/buttonClassName.ts';
import { Checkbox } from '../../../../ui/Checkbox.tsx';
import { LoadErrorPanel } from '../../../../ui/LoadErrorPanel.tsx';
import { PageHeader } from '../../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { useToast } from '../../../../ui/useToast.ts';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import {
  isSelected,
  NO_SELECTION,
  selectAllState,
  selectedCount,
  toggleSelectAll,
  toggleSelected,
} from '../../../shared/utils/rowSelection.ts';
import { usePeopleScreen } from '../../hooks/usePeopleScreen.ts';
import { AddToListDialog } from './AddToListDialog.tsx';
import { ContactFormDialog } from './ContactFormDialog.tsx';
import { DeletePeopleDialog } from './DeletePeopleDialog.tsx';
import { PeopleFilterPanel } from './PeopleFilterPanel.tsx';
import { PeopleSelectionBar } from './PeopleSelectionBar.tsx';
import { PeopleSortSelect } from './PeopleSortSelect.tsx';
import { PeopleTable } from './PeopleTable.tsx';
import { PeopleTabs } from './PeopleTabs.tsx';
import { PersonDetailDialog } from './PersonDetailDialog.tsx';
import './people.css';
import { countOf } from '../../../../../domain/countOf.ts';
import { areaLinks } from '../../../../router/routeTable.ts';

type Overlay =
  | { kind: 'detail'; person: PersonRow }
  | { kind: 'edit'; person: PersonRow | null }
  | { kind: 'delete' }
  | { kind: 'list' }
  | null;

export const peopleTabOf = (tab: string | undefined): PeopleTab =>
  PEOPLE_TABS.find((t) => t === tab) ?? 'all';

/**
 * /audiences/people/{tab}: the organisation's people in three tabs (All, Profiled, Unprofiled) with their
 * own totals, search, filters with counts, sort, paging by "Show more", selection across pages with
 * exclusions, and the actions: create, edit, delete, buyer stage, add to list, export.
 */
export function PeoplePage({ tab, accountId }: { tab: PeopleTab; accountId: number | null }) {
  const api = useServices().audienceApi;
  const toast = useToast();
  const screen = usePeopleScreen(tab, accountId);
  const { state, setState, selection, setSelection } = screen;
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { load: loadFacets } = screen.facets;

  const shown = state[tab];
  const count = selectedCount(selection, shown.total);
  const loading = screen.pageStatus === 'loading' || screen.pageStatus === 'idle';
  const failed = screen.pageStatus === 'failure' && screen.pageError;
  const act = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      toast.show({ tone: 'error', message: toRequestFailure(error).message });
    }
  };

  const toggleFilters = () => {
    if (!filtersOpen) loadFacets(screen.scope);
    setFiltersOpen(!filtersOpen);
  };

  const onDeleted = (deleted: number) => {
    setState((current) =>
      selection.mode === 'all'
        ? allDeleted(current, {
            tab,
            excluded: selection.excluded,
            deletedCount: deleted,
            searched: screen.searched,
          })
        : contactsDeleted(current, selection.ids),
    );
    setSelection(NO_SELECTION);
    setOverlay(null);
    screen.reloadCounts();
    toast.show({
      tone: 'success',
      message: `${countOf(deleted, 'person', 'people')} deleted.`,
    });
  };

  const addToList = async (list: AudienceListSummary) => {
    const added = await api.addToList(screen.apiSelection, list.list_id);
    setState((current) => addedToList(current, screen.rowSelection, tab));
    setOverlay(null);
    toast.show({
      tone: 'success',
      message: `${formatThousands(added)} added to ${list.list_name}${added < count ? ' (the others were already in it)' : ''}.`,
    });
  };

  const changeStage = (stage: string) =>
    act(async () => {
      const changed = await api.updateBuyerStage(screen.apiSelection, stage);
      setState((current) => buyerStagePatched(current, screen.rowSelection, tab, stage));
      toast.show({ tone: 'success', message: `Buyer stage of ${formatThousands(changed)} set to ${stage}.` });
    });

  const table = (
    <PeopleTable
      rows={shown.rows}
      loading={loading}
      sort={screen.sort}
      onSortChange={screen.setSort}
      isSelected={(id) => isSelected(selection, id)}
      onToggle={(id) => setSelection((current) => toggleSelected(current, id))}
      onOpen={(person) => setOverlay({ kind: 'detail', person })}
      error={
        failed && shown.rows.length > 0 ? null : failed ? (
          <LoadErrorPanel
            compact
            title="People could not be loaded"
            message={screen.pageError?.message}
            onRetry={screen.retry}
          />
        ) : null
      }
      empty={
        <StatePanel
          compact
          kind="empty"
          title={screen.searched ? 'No one matches' : 'No people here yet'}
          actions={
            screen.searched ? undefined : (
              <>
                <Button onClick={() => setOverlay({ kind: 'edit', person: null })}>Create contact</Button>
                <Link {...areaLinks.importContacts} className={buttonClassName('secondary')}>
                  Import contacts
                </Link>
              </>
            )
          }
        >
          {screen.searched
            ? 'Try another search or clear the filters.'
            : 'Create a contact, or import a CSV file of them into a list.'}
        </StatePanel>
      }
    />
  );

  return (
    <div className="people-page">
      <PageHeader
        title="People"
        description="Your contacts: find them, profile them and put them in lists."
        actions={
          <>
            <a
              className={buttonClassName('secondary')}
              href={api.exportPeopleUrl(screen.scope)}
              download="people.csv"
            >
              Export CSV
            </a>
            <Button onClick={() => setOverlay({ kind: 'edit', person: null })}>Create contact</Button>
          </>
        }
      />
      {accountId !== null ? (
        <p className="people-account">
          Showing the contacts of one account.{' '}
          <Link to="/audiences/{-$page}/{-$tab}/{-$subTab}" params={{ page: 'people', tab }}>
            Show all people
          </Link>
        </p>
      ) : null}
      <PeopleTabs
        current={tab}
        totals={{
          all: state.all.counting ? null : state.all.total,
          profiled: state.profiled.counting ? null : state.profiled.total,
          unprofiled: state.unprofiled.counting ? null : state.unprofiled.total,
        }}
      />
      <div className="people-toolbar">
        <TextField
          label="Search people"
          type="search"
          placeholder="Name, email or company"
          value={screen.searchText}
          onChange={(event) => screen.setSearchText(event.target.value)}
        />
        <PeopleSortSelect sort={screen.sort} onChange={screen.setSort} />
        <Button
          variant="secondary"
          aria-expanded={filtersOpen}
          aria-controls="people-filters"
          onClick={toggleFilters}
        >
          {filtersOpen ? 'Hide filters' : 'Filters'}
        </Button>
      </div>
      <div className={`people-layout${filtersOpen ? ' people-layout--filters' : ''}`}>
        {filtersOpen ? (
          <div id="people-filters">
            <PeopleFilterPanel
              counts={screen.facets.data}
              loading={screen.facets.status === 'loading'}
              filters={screen.filters}
              onChange={(filters) => {
                screen.setFilters(filters);
                loadFacets({ ...screen.scope, filters });
              }}
            />
          </div>
        ) : null}
        <div className="people-main">
          <div className="people-select-all">
            <Checkbox
              label={shown.counting ? 'Select all' : `Select all ${formatThousands(shown.total)}`}
              checked={selectAllState(selection, shown.total) === 'all'}
              indeterminate={selectAllState(selection, shown.total) === 'some'}
              disabled={shown.counting || shown.total === 0}
              onChange={() => setSelection((current) => toggleSelectAll(current, shown.total))}
            />
            <span className="people-showing" aria-live="polite">
              {shown.counting
                ? `Showing ${formatThousands(shown.rows.length)} (counting…)`
                : `Showing ${formatThousands(shown.rows.length)} of ${formatThousands(shown.total)}`}
            </span>
          </div>
          {count > 0 ? (
            <PeopleSelectionBar
              count={count}
              allMode={selection.mode === 'all'}
              total={shown.total}
              excluded={selection.mode === 'all' ? selection.excluded.length : 0}
              onSelectAll={() => setSelection({ mode: 'all', excluded: [] })}
              onClear={() => setSelection(NO_SELECTION)}
              onDelete={() => setOverlay({ kind: 'delete' })}
              onAddToList={() => setOverlay({ kind: 'list' })}
              onBuyerStage={changeStage}
            />
          ) : null}
          {failed && shown.rows.length === 0 && !loading ? (
            <LoadErrorPanel
              title="People could not be loaded"
              message={screen.pageError?.message}
              onRetry={screen.retry}
            />
          ) : (
            table
          )}
          {shown.hasMore && !shown.stale ? (
            <div className="people-more">
              <Button variant="secondary" loading={loading} onClick={screen.loadMore}>
                Show more
              </Button>
            </div>
          ) : null}
        </div>
      </div>
      {overlay?.kind === 'detail' ? (
        <PersonDetailDialog
          person={overlay.person}
          onClose={() => setOverlay(null)}
          onEdit={() => setOverlay({ kind: 'edit', person: overlay.person })}
        />
      ) : null}
      {overlay?.kind === 'edit' ? (
        <ContactFormDialog
          person={overlay.person}
          onClose={() => setOverlay(null)}
          save={async (fields) => {
            const editing = overlay.person;
            if (editing) {
              const person = await api.updateContact(editing.contact_id, fields);
              setState((current) => contactUpdated(current, person));
              toast.show({ tone: 'success', message: `${person.full_name} saved.` });
            } else {
              const person = await api.createContact(fields, tab);
              setState((current) => contactCreated(current, person));
              toast.show({ tone: 'success', message: `${person.full_name} created.` });
            }
            setOverlay(null);
          }}
        />
      ) : null}
      {overlay?.kind === 'delete' ? (
        <DeletePeopleDialog
          count={count}
          onClose={() => setOverlay(null)}
          remove={async () => onDeleted(await api.deleteContacts(screen.apiSelection))}
        />
      ) : null}
      {overlay?.kind === 'list' ? (
        <AddToListDialog count={count} onClose={() => setOverlay(null)} add={addToList} />
      ) : null}
    </div>
  );
}
