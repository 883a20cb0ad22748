import { type ReactNode, useEffect, useState } from 'react';
import { formatThousands } from '../../../domain/formatThousands.ts';
import { normaliseSearchTerm } from '../../../domain/normaliseSearchTerm.ts';
import type { ContactListOption, WorkflowAnswers } from '../../../domain/workflowTypes.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue.ts';
import { useAutomationApi } from '../hooks/AutomationApiContext.ts';
import { useLoad } from '../hooks/useLoad.ts';

type Props = {
  value: ContactListOption | null;
  onChange: (list: ContactListOption) => void;
};

/** The contact-list picker: searchable by name (300 ms debounce), cancellable. */
export function ListPicker({ value, onChange }: Props) {
  const api = useAutomationApi();
  const [text, setText] = useState('');
  const term = normaliseSearchTerm(useDebouncedValue(text)).term;
  const lists = useLoad<string, WorkflowAnswers['get_user_contact_lists']>(
    (name, signal) => api.getUserContactLists(name, signal),
    'contactLists',
  );
  const { load } = lists;
  useEffect(() => load(term), [term, load]);

  let body: ReactNode;
  if (lists.status === 'failure' && lists.error) {
    body = (
      <StatePanel compact kind="error" title="Your lists could not be loaded">
        {lists.error.message}
      </StatePanel>
    );
  } else if (!lists.data) {
    body = <StatePanel compact kind="loading" title="Loading your lists…" />;
  } else if (lists.data.data.length === 0) {
    body = (
      <StatePanel compact kind="empty" title={term ? 'No list matches' : 'No lists yet'}>
        {term ? `Nothing matches “${term}”.` : 'Lists you make in Audiences appear here.'}
      </StatePanel>
    );
  } else {
    body = (
      <div role="radiogroup" aria-label="Lists" className="automation-options">
        {lists.data.data.map((list) => (
          <label
            key={list.list_id}
            className={`automation-option${value?.list_id === list.list_id ? ' automation-option--selected' : ''}`}
          >
            <input
              type="radio"
              name="list"
              className="automation-option__input"
              checked={value?.list_id === list.list_id}
              onChange={() => onChange(list)}
            />
            <span className="automation-option__name">{list.list_name}</span>
            <span className="automation-muted">{formatThousands(list.contact_count)} contacts</span>
          </label>
        ))}
      </div>
    );
  }
  return (
    <div className="automation-picker">
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
