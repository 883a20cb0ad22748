import { useRef } from 'react';
import { OptionPicker } from '../../shared/components/OptionPicker.tsx';
import type { LoadRun } from '../../shared/hooks/useLoad.ts';
import {
  type CountedPage,
  countedRows,
  type PagedListQuery,
  usePagedList,
} from '../../shared/hooks/usePagedList.ts';

/** An option of the campaign and workflow choices. */
export type NamedOption = { id: number; name: string };

type Props = {
  legend: string;
  /** What one option is, and many ("campaign", "campaigns"). */
  noun: readonly [string, string];
  /** The load's name in the session log. */
  name: string;
  load: LoadRun<PagedListQuery<'all', 'none'>, CountedPage<NamedOption>>;
  ids: readonly number[];
  onChange: (ids: number[]) => void;
  emptyText: string;
};

/**
 * Campaigns or workflows of the filter: the product's picker of several (search, Show more, the chosen
 * ones listed first). Ids that came with the address are named once their option has been loaded.
 */
export function ChoiceField({ legend, noun, name, load, ids, onChange, emptyText }: Props) {
  const list = usePagedList({
    mode: 'local',
    name,
    pageSize: 10,
    load,
    ...countedRows((o: NamedOption) => o.id),
  });
  const names = useRef(new Map<number, string>());
  for (const row of list.rows) names.current.set(row.id, row.name);
  const chosen = new Map(
    ids.map((id) => [
      id,
      names.current.get(id) ?? `${noun[0].charAt(0).toUpperCase()}${noun[0].slice(1)} ${id}`,
    ]),
  );
  return (
    <OptionPicker
      choose="many"
      list={list}
      rowKey={(row) => row.id}
      variant="compact"
      noun={noun}
      legend={legend}
      searchLabel={`Search ${noun[1]}`}
      emptyText={emptyText}
      chosen={chosen}
      onChosen={(next) => onChange([...next.keys()])}
      labelOf={(row) => row.name}
    />
  );
}
