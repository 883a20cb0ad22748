import { type FormEvent, useState } from 'react';
import { GROUP_NAME_MAX, type SalesGroup } from '../../../../domain/salesGroups.ts';
import { Button } from '../../../ui/Button.tsx';
import { Form } from '../../../ui/Form.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';

/** The "New group" form: a name, refused on the field when blank or taken; a made group goes to onCreated. */
export function NewGroupForm({
  onCreated,
  onCancel,
}: {
  onCreated: (group: SalesGroup) => void;
  onCancel: () => void;
}) {
  const { audienceApi } = useServices();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useRequest(async (groupName: string, signal) => {
    const group = await audienceApi.createGroup(groupName, signal);
    onCreated(group);
    return group;
  }, 'createGroup');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setProblem(trimmed ? null : 'Give the group a name.');
    if (trimmed) create.submit(trimmed);
  };

  return (
    <Form className="groups-new" onSubmit={submit} aria-label="New group" noValidate>
      <TextField
        label="Group name"
        value={name}
        maxLength={GROUP_NAME_MAX}
        autoFocus
        onChange={(event) => {
          setName(event.target.value);
          setProblem(null);
          if (create.status === 'failure') create.reset();
        }}
        error={problem ?? (create.status === 'failure' ? create.error?.message : undefined)}
      />
      <div className="groups-new__actions">
        <Button type="button" variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={create.status === 'loading'}>
          Create group
        </Button>
      </div>
    </Form>
  );
}
