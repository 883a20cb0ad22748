import type { ReactNode } from 'react';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import type { PagedList } from '../hooks/usePagedList.ts';
import { ListPager } from './ListPager.tsx';
import { type OptionContent, OptionList, type PickerVariant } from './OptionList.tsx';
import { optionsState } from './optionsState.tsx';
import './optionPicker.css';

type Common<TAnswer, TRow> = {
  /** The options: a usePagedList in local mode (its search is the picker's search field). */
  list: PagedList<TAnswer, TRow, 'all', 'none'>;
  rowKey: (row: TRow) => number;
  variant: PickerVariant;
  /** What one option is, and many ("list", "lists"). */
  noun: readonly [string, string];
  searchLabel: string;
  searchPlaceholder?: string;
  /** Where options come from, when there are none at all yet. */
  emptyText: ReactNode;
  /** A line above the options. */
  note?: ReactNode;
};

/** One option is chosen (radios). */
type ChooseOne<TRow> = {
  choose: 'one';
  /** The radio group's accessible name. */
  label: string;
  selectedKey: number | null;
  onChoose: (row: TRow) => void;
  render: (row: TRow) => OptionContent;
};

/** Any number are chosen (check boxes); the chosen ones stay listed above the search. */
type ChooseMany<TRow> = {
  choose: 'many';
  legend: string;
  chosen: ReadonlyMap<number, string>;
  onChosen: (next: Map<number, string>) => void;
  labelOf: (row: TRow) => string;
};

type Props<TAnswer, TRow> = Common<TAnswer, TRow> & (ChooseOne<TRow> | ChooseMany<TRow>);

/**
 * The product's picker: a search field (debounced; a newer search supersedes the one in flight), the
 * options in their loading, failed (Try again) and empty states, and Show more. One option (radios) or
 * several (check boxes, the chosen ones listed first).
 */
export function OptionPicker<TAnswer, TRow>(props: Props<TAnswer, TRow>) {
  const { list, rowKey, variant, noun, searchLabel, searchPlaceholder, emptyText, note } = props;
  const [one, other] = noun;
  const term = list.query.q;
  const state = optionsState({
    status: list.appending ? 'success' : list.status,
    hasData: list.latest !== null,
    error: list.error,
    noun: other,
    determiner: variant === 'cards' ? 'your' : 'the',
    onRetry: list.retry,
  });
  const busy = list.status === 'loading' && !list.appending;
  const search = (
    <TextField
      label={searchLabel}
      type="search"
      placeholder={searchPlaceholder}
      value={list.searchText}
      autoComplete="off"
      onChange={(event) => list.setSearchText(event.target.value)}
    />
  );
  const pager = <ListPager list={list} noun={noun} />;

  if (props.choose === 'many') {
    const { chosen, onChosen, labelOf, legend } = props;
    const toggle = (id: number, label: string, on: boolean) => {
      const next = new Map(chosen);
      if (on) next.set(id, label);
      else next.delete(id);
      onChosen(next);
    };
    const open = list.rows.filter((row) => !chosen.has(rowKey(row)));
    return (
      <fieldset className="option-picker option-picker--many">
        <legend>
          {legend} ({chosen.size} chosen)
        </legend>
        {chosen.size > 0 ? (
          <ul className="option-picker__chosen" aria-label={`Chosen ${other}`}>
            {[...chosen].map(([id, label]) => (
              <li key={id}>
                <Checkbox label={label} checked onChange={() => toggle(id, label, false)} />
              </li>
            ))}
          </ul>
        ) : null}
        {search}
        {note}
        {state ??
          (open.length === 0 ? (
            <p className="option-picker__more">
              {term ? `No ${other} match “${term}”.` : `No more ${other}.`}
            </p>
          ) : (
            <ul className="option-picker__chosen" aria-label={`${other} to choose`} aria-busy={busy}>
              {open.map((row) => (
                <li key={rowKey(row)}>
                  <Checkbox
                    label={labelOf(row)}
                    checked={false}
                    onChange={() => toggle(rowKey(row), labelOf(row), true)}
                  />
                </li>
              ))}
            </ul>
          ))}
        {pager}
      </fieldset>
    );
  }

  const { label, selectedKey, onChoose, render } = props;
  return (
    <div className="option-picker">
      {search}
      {note}
      {state ??
        (list.rows.length === 0 ? (
          <StatePanel compact kind="empty" title={term ? `No ${one} matches` : `No ${other} yet`}>
            {term ? `Nothing matches “${term}”.` : emptyText}
          </StatePanel>
        ) : (
          <OptionList
            rows={list.rows}
            rowKey={rowKey}
            label={label}
            variant={variant}
            selectedKey={selectedKey}
            onChoose={onChoose}
            render={render}
            busy={busy}
          />
        ))}
      {pager}
    </div>
  );
}
