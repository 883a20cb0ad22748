import { useEffect } from 'react';
import type { PersonRow } from '../../../../../domain/audiencePeople.ts';
import { countOf } from '../../../../../domain/countOf.ts';
import { formatThousands } from '../../../../../domain/formatThousands.ts';
import {
  groupLabel,
  groupState,
  isPicked,
  type PeoplePicks,
  type PickGroup,
  selectAll,
  togglePerson,
  unselectAll,
} from '../../../../../domain/peoplePicks.ts';
import { type RecommendedPerson, reasonText } from '../../../../../domain/recommendedPeople.ts';
import { Badge } from '../../../../ui/Badge.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Checkbox } from '../../../../ui/Checkbox.tsx';
import { LoadErrorPanel } from '../../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { ListPager } from '../../../shared/components/ListPager.tsx';
import type { PagedList } from '../../../shared/hooks/usePagedList.ts';

type Row = PersonRow | RecommendedPerson;
type Props = {
  group: PickGroup;
  /** The group's people (one paged list). */
  list: PagedList<unknown, Row, string, string>;
  /** The group's size, or null when the service does not count it. */
  total: number | null;
  description: string;
  emptyText: string;
  picks: PeoplePicks;
  onPicks: (next: PeoplePicks) => void;
  /** The groups shown holding a person (unticking them unticks them in each). */
  holdingOf: (id: number) => PickGroup[];
  /** Tells the screen which people this group shows. */
  onLoaded: (group: PickGroup, ids: number[]) => void;
};

const details = (person: PersonRow) =>
  [person.designation, person.organization, person.industry].filter(Boolean).join(' · ');

/**
 * One group of people to choose from (recommended, a search, a dynamic group): Select all (every member,
 * also those not loaded) and Unselect all, a box per person, and the group's pager.
 */
export function PickGroupSection(props: Props) {
  const { group, list, total, picks, onPicks, holdingOf, onLoaded } = props;
  const ids = list.rows.map((row) => row.contact_id);
  const idsKey = ids.join(',');
  useEffect(() => {
    onLoaded(group, idsKey ? idsKey.split(',').map(Number) : []);
  }, [group, idsKey, onLoaded]);
  const state = groupState(picks, group, ids);
  const label = groupLabel(group);
  const headingId = `pick-group-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="find-people__group" aria-labelledby={headingId}>
      <header className="find-people__group-head">
        <div>
          <h2 id={headingId}>{label}</h2>
          <p>{props.description}</p>
        </div>
        <div className="find-people__group-actions">
          <Button
            size="sm"
            variant="secondary"
            disabled={state === 'all' || list.rows.length === 0}
            onClick={() => onPicks(selectAll(picks, group))}
          >
            {total === null ? 'Select all' : `Select all ${countOf(total, 'person', 'people')}`}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={state === 'none'}
            onClick={() => onPicks(unselectAll(picks, group, ids))}
          >
            Unselect all
          </Button>
        </div>
      </header>
      {list.status === 'failure' && list.rows.length === 0 && list.error ? (
        <LoadErrorPanel
          title={`${label} could not be loaded`}
          message={list.error.message}
          onRetry={list.retry}
        />
      ) : list.rows.length === 0 ? (
        list.status === 'loading' ? (
          <StatePanel compact kind="loading" title="Loading people…" />
        ) : (
          <StatePanel compact kind="empty" title="Nobody here">
            {props.emptyText}
          </StatePanel>
        )
      ) : (
        <ul className="find-people__rows" aria-label={label} aria-busy={list.status === 'loading'}>
          {list.rows.map((person) => {
            const holding = holdingOf(person.contact_id);
            const picked = isPicked(picks, person.contact_id, holding);
            return (
              <li key={person.contact_id} className="find-people__row">
                <Checkbox
                  label={`${person.full_name} <${person.contact_email}>`}
                  checked={picked}
                  onChange={() => onPicks(togglePerson(picks, person.contact_id, holding, !picked))}
                />
                <span className="find-people__details">{details(person)}</span>
                {'recommendation' in person ? (
                  <span className="find-people__reasons">
                    {person.recommendation.reasons.map((reason) => (
                      <Badge key={reason} tone="info">
                        {reasonText(reason, person.recommendation)}
                      </Badge>
                    ))}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <ListPager
        list={list}
        noun={['person', 'people']}
        // A search is not counted: while more follow, the total reads "10+".
        totalLabel={total === null && list.hasMore ? `${formatThousands(list.rows.length)}+` : undefined}
      />
    </section>
  );
}
