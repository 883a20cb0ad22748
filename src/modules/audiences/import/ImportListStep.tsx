import type { AudienceListSummary } from '../../../../domain/audienceLists.ts';
import { Card } from '../../../ui/Card.tsx';
import { Radio } from '../../../ui/Radio.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';

export type ListChoice = { mode: 'new' | 'existing'; name: string; listId: string };

type Props = {
  title: string;
  choice: ListChoice;
  lists: AudienceListSummary[];
  error: string | null;
  onChange: (choice: ListChoice) => void;
};

/** The list the contacts join: a new one (named after the file at first) or one the organisation has. */
export function ImportListStep({ title, choice, lists, error, onChange }: Props) {
  return (
    <Card title={title}>
      <fieldset className="import-wizard__list">
        <legend className="ui-visually-hidden">Where the contacts go</legend>
        <Radio
          name="list-mode"
          checked={choice.mode === 'new'}
          onChange={() => onChange({ ...choice, mode: 'new' })}
          label="A new list"
        />
        <Radio
          name="list-mode"
          checked={choice.mode === 'existing'}
          onChange={() => onChange({ ...choice, mode: 'existing' })}
          label="A list I have"
        />
      </fieldset>
      {choice.mode === 'new' ? (
        <TextField
          label="New list name"
          value={choice.name}
          error={error ?? undefined}
          onChange={(event) => onChange({ ...choice, name: event.target.value })}
        />
      ) : (
        <Select
          label="List"
          options={[
            { value: '', label: 'Choose a list' },
            ...lists.map((l) => ({ value: String(l.list_id), label: l.list_name })),
          ]}
          value={choice.listId}
          error={error ?? undefined}
          onChange={(event) => onChange({ ...choice, listId: event.target.value })}
        />
      )}
    </Card>
  );
}
