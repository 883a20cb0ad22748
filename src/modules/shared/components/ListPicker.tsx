import { Link } from '@tanstack/react-router';
import { countOf } from '../../../../domain/countOf.ts';
import type { ContactListOption } from '../../../../domain/workflowTypes.ts';
import type { LoadRun } from '../hooks/useLoad.ts';
import { type CountedPage, countedRows, type PagedListQuery, usePagedList } from '../hooks/usePagedList.ts';
import type { PickerVariant } from './OptionList.tsx';
import { OptionPicker } from './OptionPicker.tsx';

/** A page of the lists a picker offers, searched by name. */
export type ListOptionsLoad = LoadRun<PagedListQuery<'all', 'none'>, CountedPage<ContactListOption>>;

type Props = {
  /** The chosen list's id (null: none yet). */
  selectedId: number | null;
  onChange: (list: ContactListOption) => void;
  /** The lists by name (the workflow service's or the audience service's). */
  loadLists: ListOptionsLoad;
  /** The load's name in the session log ("load:<name>"). */
  loadName: string;
  variant: PickerVariant;
  /** Lists a page (default 10). */
  pageSize?: number;
};

/** The contact-list picker (the create screen, the node editors, Add to list): a picker of lists by name. */
export function ListPicker({ selectedId, onChange, loadLists, loadName, variant, pageSize = 10 }: Props) {
  const list = usePagedList({
    mode: 'local',
    name: loadName,
    pageSize,
    load: loadLists,
    ...countedRows<ContactListOption>((option) => option.list_id),
  });
  return (
    <OptionPicker
      choose="one"
      list={list}
      rowKey={(option) => option.list_id}
      variant={variant}
      noun={['list', 'lists']}
      label="Lists"
      searchLabel="Search lists"
      searchPlaceholder="List name"
      emptyText={
        <>
          Lists are made in{' '}
          <Link to="/audiences/{-$page}/{-$tab}/{-$subTab}" params={{ page: 'lists' }}>
            Audiences › Lists
          </Link>
          : the lists you make there appear here.
        </>
      }
      selectedKey={selectedId}
      onChoose={onChange}
      render={(option) => ({
        name: option.list_name,
        aside: countOf(option.contact_count, 'contact', 'contacts'),
      })}
    />
  );
}

/** The workflow service's lists (get_user_contact_lists/ answers every list matching the name at once). */
export function workflowListOptions(
  getUserContactLists: (name: string, signal: AbortSignal) => Promise<{ data: ContactListOption[] }>,
): ListOptionsLoad {
  return async (query, signal) => {
    const { data } = await getUserContactLists(query.q, signal);
    return { total_count: data.length, data };
  };
}
