import { useEffect, useId, useState } from 'react';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { normaliseSearchTerm } from '../../../../domain/normaliseSearchTerm.ts';
import type { ContactListOption, WorkflowAnswers } from '../../../../domain/workflowTypes.ts';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { useLoad } from '../../hooks/useLoad.ts';
import { useEditorApi } from './EditorApiContext.ts';
import { optionsState } from './optionsState.tsx';

type Props = {
  selectedId: number | null;
  onChange: (list: ContactListOption) => void;
};

/** The node editors' contact-list picker (get_user_contact_lists/): searchable by name, cancellable. */
export function EditorListPicker({ selectedId, onChange }: Props) {
  const api = useEditorApi();
  const groupName = useId();
  const [text, setText] = useState('');
  const term = normaliseSearchTerm(useDebouncedValue(text)).term;
  const lists = useLoad<string, WorkflowAnswers['get_user_contact_lists']>(
    (name, signal) => api.getUserContactLists(name, signal),
    'editorLists',
  );
  const { load } = lists;
  useEffect(() => load(term), [term, load]);

  const state = optionsState({
    status: lists.status,
    hasData: lists.data !== null,
    error: lists.error,
    noun: 'lists',
    onRetry: () => load(term),
  });
  let body: React.ReactNode = state;
  if (!state && lists.data) {
    body =
      lists.data.data.length === 0 ? (
        <StatePanel compact kind="empty" title={term ? 'No list matches' : 'No lists yet'}>
          {term ? `Nothing matches “${term}”.` : 'Lists you make in Audiences appear here.'}
        </StatePanel>
      ) : (
        <div role="radiogroup" aria-label="Lists" className="node-editor__options">
          {lists.data.data.map((list) => (
            <label
              key={list.list_id}
              className={`node-editor__option${selectedId === list.list_id ? ' node-editor__option--selected' : ''}`}
            >
              <input
                type="radio"
                name={groupName}
                checked={selectedId === list.list_id}
                onChange={() => onChange(list)}
              />
              <span>{list.list_name}</span>
              <span className="node-editor__muted">{formatThousands(list.contact_count)} contacts</span>
            </label>
          ))}
        </div>
      );
  }
  return (
    <div className="node-editor__picker">
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
