import { useEffect, useState } from 'react';
import type { AudienceListsPage } from '../../../../domain/audienceLists.ts';
import type { PeoplePage } from '../../../../domain/audiencePeople.ts';
import { normaliseSearchTerm } from '../../../../domain/normaliseSearchTerm.ts';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';

type Chosen = Map<number, string>;
type Props = {
  kind: 'lists' | 'contacts';
  chosen: Chosen;
  onChange: (next: Chosen) => void;
};

/**
 * Choose lists or contacts from the audience area: searchable (debounced; a newer search supersedes the
 * one in flight), the first 20 matches as checkboxes; the chosen ones stay listed above.
 */
export function AudienceChooser({ kind, chosen, onChange }: Props) {
  const api = useServices().audienceApi;
  const [text, setText] = useState('');
  const term = normaliseSearchTerm(useDebouncedValue(text)).term;
  const options = useLoad<string, { id: number; label: string }[]>(async (word, signal) => {
    if (kind === 'lists') {
      const page: AudienceListsPage = await api.listLists({ offset: 0, limit: 20, searchWord: word }, signal);
      return page.data.map((l) => ({ id: l.list_id, label: `${l.list_name} (${l.totalContacts})` }));
    }
    const page: PeoplePage = await api.listPeople(
      {
        scope: { tab: 'all', searchWord: word, filters: {}, accountId: null },
        offset: 0,
        limit: 20,
        sortBy: null,
        sortType: 'NOSORT',
      },
      signal,
    );
    return page.data.map((p) => ({ id: p.contact_id, label: `${p.full_name} <${p.contact_email}>` }));
  }, `campaignAudience:${kind}`);
  const { load } = options;
  useEffect(() => load(term), [term, load]);

  const toggle = (id: number, label: string, on: boolean) => {
    const next = new Map(chosen);
    if (on) next.set(id, label);
    else next.delete(id);
    onChange(next);
  };
  const noun = kind === 'lists' ? 'lists' : 'contacts';
  const shown = (options.data ?? []).filter((o) => !chosen.has(o.id));
  return (
    <fieldset className="audience-chooser">
      <legend>
        {kind === 'lists' ? 'Lists' : 'Contacts'} ({chosen.size} chosen)
      </legend>
      {chosen.size > 0 ? (
        <ul className="audience-chooser__options" aria-label={`Chosen ${noun}`}>
          {[...chosen].map(([id, label]) => (
            <li key={id}>
              <Checkbox label={label} checked onChange={() => toggle(id, label, false)} />
            </li>
          ))}
        </ul>
      ) : null}
      <TextField
        label={`Search ${noun}`}
        type="search"
        value={text}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      {options.status === 'failure' && options.error ? (
        <StatePanel compact kind="error" title={`The ${noun} could not be loaded`}>
          {options.error.message}
        </StatePanel>
      ) : !options.data ? (
        <StatePanel compact kind="loading" title={`Loading ${noun}…`} />
      ) : shown.length === 0 ? (
        <p className="audience-chooser__none">{term ? `No ${noun} match “${term}”.` : `No more ${noun}.`}</p>
      ) : (
        <ul className="audience-chooser__options" aria-label={`${noun} to choose`}>
          {shown.map((o) => (
            <li key={o.id}>
              <Checkbox label={o.label} checked={false} onChange={() => toggle(o.id, o.label, true)} />
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
