import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Form } from '../../../ui/Form.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useRequest } from '../../shared/hooks/useRequest.ts';

type Props<T> = {
  /** What is renamed (its current name); null closes. */
  target: { name: string } | null;
  title: string;
  label: string;
  max: number;
  /** The message the server gives for a name that exists: shown on the field. */
  nameExists: string;
  save: (name: string, signal: AbortSignal) => Promise<T>;
  requestName: string;
  onClose: () => void;
  onSaved: (saved: T) => void;
  /** The button that saves ("Rename"; a copy's dialog says "Clone"). */
  submitLabel?: string;
};

/** A rename dialog (or a copy's name): one name field, not blank, at most `max` characters; a taken name shown on the field. */
export function NameDialog<T>({
  target,
  title,
  label,
  max,
  nameExists,
  save,
  requestName,
  onClose,
  onSaved,
  submitLabel = 'Rename',
}: Props<T>) {
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const saveRef = useRef(save);
  saveRef.current = save;
  const request = useRequest<string, T>((value, signal) => saveRef.current(value, signal), requestName);
  const { reset, status, data, error } = request;
  useEffect(() => {
    if (target === null) return;
    setName(target.name);
    setFieldError(null);
    reset();
  }, [target, reset]);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  useEffect(() => {
    if (status === 'success' && data) onSavedRef.current(data);
  }, [status, data]);

  const serverMessage = status === 'failure' ? (error?.message ?? null) : null;
  const taken = serverMessage === nameExists;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim().replace(/\s+/g, ' ');
    if (!value) return setFieldError('Give it a name.');
    if (value.length > max) return setFieldError(`A name is at most ${max} characters.`);
    setFieldError(null);
    request.submit(value);
  };
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      title={title}
      description={target ? `“${target.name}”` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="campaign-name-form" loading={status === 'loading'}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <Form id="campaign-name-form" onSubmit={submit} noValidate>
        <TextField
          label={label}
          value={name}
          autoComplete="off"
          error={fieldError ?? (taken ? nameExists : undefined)}
          onChange={(event) => {
            setName(event.target.value);
            setFieldError(null);
            if (status === 'failure') reset();
          }}
        />
        {serverMessage && !taken ? (
          <Alert tone="error" title="Not renamed">
            {serverMessage}
          </Alert>
        ) : null}
      </Form>
    </Dialog>
  );
}
