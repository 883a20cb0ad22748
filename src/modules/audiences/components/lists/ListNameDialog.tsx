import { type FormEvent, useEffect, useRef, useState } from 'react';
import { LIST_NAME_EXISTS, MAX_LIST_NAME } from '../../../../../domain/audienceListSchemas.ts';
import type { AudienceListSummary } from '../../../../../domain/audienceLists.ts';
import { Alert } from '../../../../ui/Alert.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Dialog } from '../../../../ui/Dialog.tsx';
import { Form } from '../../../../ui/Form.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../../shared/hooks/useRequest.ts';

type Props = {
  /** 'new' opens the New list panel; a list opens its rename; null closes. */
  target: 'new' | AudienceListSummary | null;
  onClose: () => void;
  onSaved: (list: AudienceListSummary, created: boolean) => void;
};

/**
 * The "New list" panel and the rename dialog: one name field, validated (not blank, at most 120
 * characters); a name another list has is shown on the field ('List with that name already exists').
 */
export function ListNameDialog({ target, onClose, onSaved }: Props) {
  const api = useServices().audienceApi;
  const renaming = target !== null && target !== 'new' ? target : null;
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const save = useRequest<string, AudienceListSummary>(
    (value, signal) =>
      renaming
        ? api.renameList({ listId: renaming.list_id, name: value }, signal)
        : api.createList(value, signal),
    renaming ? 'renameList' : 'createList',
  );
  const { reset, status, data, error } = save;

  useEffect(() => {
    if (target === null) return;
    setName(target === 'new' ? '' : target.list_name);
    setFieldError(null);
    reset();
  }, [target, reset]);

  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const createdRef = useRef(!renaming);
  if (target !== null) createdRef.current = !renaming;
  // Each save is reported once, when its answer arrives.
  useEffect(() => {
    if (status === 'success' && data) onSavedRef.current(data, createdRef.current);
  }, [status, data]);

  const serverMessage = status === 'failure' ? (error?.message ?? null) : null;
  const nameTaken = serverMessage === LIST_NAME_EXISTS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim().replace(/\s+/g, ' ');
    if (!value) return setFieldError('Give the list a name.');
    if (value.length > MAX_LIST_NAME)
      return setFieldError(`A list name is at most ${MAX_LIST_NAME} characters.`);
    setFieldError(null);
    save.submit(value);
  };

  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      title={renaming ? 'Rename list' : 'New list'}
      description={
        renaming ? `“${renaming.list_name}”` : 'An empty list you can add contacts to or import into.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="list-name-form" loading={status === 'loading'}>
            {renaming ? 'Rename' : 'Create list'}
          </Button>
        </>
      }
    >
      <Form id="list-name-form" onSubmit={submit} noValidate>
        <TextField
          label="List name"
          value={name}
          maxLength={MAX_LIST_NAME + 20}
          autoComplete="off"
          error={fieldError ?? (nameTaken ? LIST_NAME_EXISTS : undefined)}
          onChange={(event) => {
            setName(event.target.value);
            setFieldError(null);
            if (status === 'failure') reset();
          }}
        />
        {serverMessage && !nameTaken ? (
          <Alert tone="error" title={renaming ? 'The list was not renamed' : 'The list was not created'}>
            {serverMessage}
          </Alert>
        ) : null}
      </Form>
    </Dialog>
  );
}
