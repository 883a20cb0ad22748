import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { countOf } from '../../../../domain/countOf.ts';
import { normaliseSearchTerm } from '../../../../domain/normaliseSearchTerm.ts';
import type { ContactListOption, WorkflowAnswers } from '../../../../domain/workflowTypes.ts';
import { RadioCard } from '../../../ui/Radio.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useDebouncedValue } from '../hooks/useDebouncedValue.ts';
import { type LoadRun, useLoad } from '../hooks/useLoad.ts';
import { optionsState } from './optionsState.tsx';
import { PICKER_CLASSES, type PickerVariant } from './pickerClasses.ts';

type Props = {
  /** The chosen list's id (null: none yet). */
  selectedId: number | null;
  onChange: (list: ContactListOption) => void;
  /** get_user_contact_lists/ by name (the create screen's api or the node editors'). */
  loadLists: LoadRun<string, WorkflowAnswers['get_user_contact_lists']>;
  /** The load's name in the session log ("load:<name>"). */
  loadName: string;
  variant: PickerVariant;
};

/**
 * The contact-list picker of the create screen and of the node editors: searchable by name (300 ms
 * debounce), cancellable (a newer search supersedes the request in flight).
 */
export function ListPicker({ selectedId, onChange, loadLists, loadName, variant }: Props) {
  const classes = PICKER_CLASSES[variant];
  const groupName = useId();
  const [text, setText] = useState('');
  const term = normaliseSearchTerm(useDebouncedValue(text)).term;
  const lists = useLoad(loadLists, loadName);
  const { load } = lists;
  useEffect(() => load(term), [term, load]);

  const state = optionsState({
    status: lists.status,
    hasData: lists.data !== null,
    error: lists.error,
    noun: 'lists',
    determiner: classes.determiner,
    onRetry: () => load(term),
  });
  let body: ReactNode = state;
  if (!state && lists.data) {
    body =
      lists.data.data.length === 0 ? (
        <StatePanel compact kind="empty" title={term ? 'No list matches' : 'No lists yet'}>
          {term ? (
            `Nothing matches “${term}”.`
          ) : (
            <>
              Lists are made in{' '}
              <Link to="/audiences/{-$page}/{-$tab}/{-$subTab}" params={{ page: 'lists' }}>
                Audiences › Lists
              </Link>
              : the lists you make there appear here.
            </>
          )}
        </StatePanel>
      ) : (
        <div role="radiogroup" aria-label="Lists" className={classes.options}>
          {lists.data.data.map((list) => (
            <RadioCard
              key={list.list_id}
              className={`${classes.option}${selectedId === list.list_id ? ` ${classes.option}--selected` : ''}`}
              inputClassName={classes.input}
              name={groupName}
              checked={selectedId === list.list_id}
              onChange={() => onChange(list)}
            >
              <span className={classes.name}>{list.list_name}</span>
              <span className={classes.muted}>{countOf(list.contact_count, 'contact', 'contacts')}</span>
            </RadioCard>
          ))}
        </div>
      );
  }
  return (
    <div className={classes.picker}>
      <TextField
        label="Search lists"
        type="search"
        placeholder="List name"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {body}
    </div>
  );
}
