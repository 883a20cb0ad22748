import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { PersonalitySuggestion } from '../../../../../domain/aiEmails.ts';
import type { AudienceListSummary } from '../../../../../domain/audienceLists.ts';
import { PEOPLE_TABS, type PeopleTab, type PersonRow } from '../../../../../domain/audiencePeople.ts';
import { countOf } from '../../../../../domain/countOf.ts';
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
import { PageHeader } from '../../../../ui/PageHeader.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { useToast } from '../../../../ui/useToast.ts';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { NO_SELECTION, selectedCount } from '../../../shared/utils/rowSelection.ts';
import { usePeopleScreen } from '../../hooks/usePeopleScreen.ts';
import { useScoresOnFocus } from '../../hooks/useScoresOnFocus.ts';
import { AddToListDialog } from './AddToListDialog.tsx';
import { ContactFormDialog, fieldsOf } from './ContactFormDialog.tsx';
import { DeletePeopleDialog } from './DeletePeopleDialog.tsx';
import { PeopleCountLine } from './PeopleCountLine.tsx';
import { PeopleFilterPanel } from './PeopleFilterPanel.tsx';
import { PeopleRows } from './PeopleRows.tsx';
import { PeopleSelectionBar } from './PeopleSelectionBar.tsx';
import { PeopleSortSelect } from './PeopleSortSelect.tsx';
import { PeopleTabs } from './PeopleTabs.tsx';
import { PersonDetailDialog } from './PersonDetailDialog.tsx';
import { SuggestPersonalityDialog } from './SuggestPersonalityDialog.tsx';
import './people.css';

type Overlay =
  | { kind: 'detail'; person: PersonRow }
  | { kind: 'edit'; person: PersonRow | null }
  | { kind: 'delete' }
  | { kind: 'list' }
  | { kind: 'suggest'; people: PersonRow[] }
  | null;

export const peopleTabOf = (tab: string | undefined): PeopleTab =>
  PEOPLE_TABS.find((t) => t === tab) ?? 'all';

/**
 * /audiences/people/{tab}: the organisation's people in three tabs (All, Profiled, Unprofiled) with their
 * own totals, search, filters with counts, sort, paging by "Show more" (all of it in the address), selection
 * across pages with exclusions, and the actions: create, edit, delete, buyer stage, add to list, export,
 * and on the Unprofiled tab, Suggest personality (accepted suggestions saved through the contact update).
 */
export function PeoplePage({ tab, accountId }: { tab: PeopleTab; accountId: number | null }) {
  const api = useServices().audienceApi;
  const toast = useToast();
  const screen = usePeopleScreen(tab, accountId);
  const { setState, selection, setSelection } = screen;
  useScoresOnFocus(screen.previousRows, setState, api.peopleScores);
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const total = screen.totals?.[tab] ?? null;
  const count = selectedCount(selection, total ?? 0);
  const act = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      toast.show({ tone: 'error', message: toRequestFailure(error).message });
    }
  };

  const toggleFilters = () => {
    screen.showFacets(!filtersOpen);
    setFiltersOpen(!filtersOpen);
  };

  const onDeleted = (deleted: number) => {
    setState((current) =>
      selection.mode === 'all'
        ? allDeleted(current, selection.excluded)
        : contactsDeleted(current, selection.ids),
    );
    setSelection(NO_SELECTION);
    setOverlay(null);
    screen.recount();
    toast.show({ tone: 'success', message: `${countOf(deleted, 'person', 'people')} deleted.` });
  };

  const addToList = async (list: AudienceListSummary) => {
    const added = await api.addToList(screen.apiSelection, list.list_id);
    setState((current) => addedToList(current, screen.rowSelection));
    setOverlay(null);
    toast.show({
      tone: 'success',
      message: `${formatThousands(added)} added to ${list.list_name}${added < count ? ' (the others were already in it)' : ''}.`,
    });
  };

  const changeStage = (stage: string) =>
    act(async () => {
      const changed = await api.updateBuyerStage(screen.apiSelection, stage);
      setState((current) => buyerStagePatched(current, screen.rowSelection, stage));
      toast.show({ tone: 'success', message: `Buyer stage of ${formatThousands(changed)} set to ${stage}.` });
    });

  // Suggestions are for the unprofiled people chosen one by one (the rows shown).
  const chosenPeople =
    tab === 'unprofiled' && selection.mode === 'ids'
      ? (screen.shown?.rows ?? []).filter((p) => selection.ids.includes(p.contact_id))
      : [];
  const acceptPersonality = async (person: PersonRow, suggestion: PersonalitySuggestion) => {
    const saved = await api.updateContact(person.contact_id, {
      ...fieldsOf(person),
      personalityType: suggestion.personality_type,
      personality: '',
    });
    setState((current) => contactUpdated(current, saved, tab));
    screen.recount();
  };

  const save = async (fields: Parameters<typeof api.createContact>[0]) => {
    const editing = overlay?.kind === 'edit' ? overlay.person : null;
    if (editing) {
      const person = await api.updateContact(editing.contact_id, fields);
      setState((current) => contactUpdated(current, person, tab));
      toast.show({ tone: 'success', message: `${person.full_name} saved.` });
    } else {
      const person = await api.createContact(fields, tab);
      // A searched list, or one not loaded, asks the server again rather than guess where the contact goes.
      if (screen.searched || !screen.shown) screen.reloadList();
      else setState((current) => contactCreated(current, person, tab));
      screen.recount();
      toast.show({ tone: 'success', message: `${person.full_name} created.` });
    }
    setOverlay(null);
  };

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
      <PeopleTabs current={tab} totals={screen.totals} failed={screen.countsStatus === 'failed'} />
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
              status={screen.facets.status}
              error={screen.facets.error?.message}
              onRetry={() => screen.facets.load(screen.scope)}
              filters={screen.filters}
              onChange={screen.setFilters}
            />
          </div>
        ) : null}
        <div className="people-main">
          <PeopleCountLine screen={screen} total={total} />
          {count > 0 && total !== null ? (
            <PeopleSelectionBar
              count={count}
              allMode={selection.mode === 'all'}
              total={total}
              excluded={selection.mode === 'all' ? selection.excluded.length : 0}
              onSelectAll={() => setSelection({ mode: 'all', excluded: [] })}
              onClear={() => setSelection(NO_SELECTION)}
              onDelete={() => setOverlay({ kind: 'delete' })}
              onAddToList={() => setOverlay({ kind: 'list' })}
              onBuyerStage={changeStage}
              onSuggestPersonality={
                chosenPeople.length > 0
                  ? () => setOverlay({ kind: 'suggest', people: chosenPeople })
                  : undefined
              }
            />
          ) : null}
          <PeopleRows
            screen={screen}
            onOpen={(person) => setOverlay({ kind: 'detail', person })}
            onCreate={() => setOverlay({ kind: 'edit', person: null })}
          />
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
        <ContactFormDialog person={overlay.person} tab={tab} onClose={() => setOverlay(null)} save={save} />
      ) : null}
      {overlay?.kind === 'delete' ? (
        <DeletePeopleDialog
          count={count}
          onClose={() => setOverlay(null)}
          remove={async () => onDeleted(await api.deleteContacts(screen.apiSelection))}
        />
      ) : null}
      {overlay?.kind === 'suggest' ? (
        <SuggestPersonalityDialog
          people={overlay.people}
          onClose={() => {
            setOverlay(null);
            setSelection(NO_SELECTION);
          }}
          accept={acceptPersonality}
        />
      ) : null}
      {overlay?.kind === 'list' ? (
        <AddToListDialog count={count} onClose={() => setOverlay(null)} add={addToList} />
      ) : null}
    </div>
  );
}
