import { type FormEvent, useState } from 'react';
import { MERGE_FIELDS, type MergeFieldName, mergeFieldToken } from '../../../../../domain/mergeFields.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Dialog } from '../../../../ui/Dialog.tsx';
import { Select } from '../../../../ui/Select.tsx';
import { TextField } from '../../../../ui/TextField.tsx';

type Props = {
  /** Inserts the field's text ({{first_name|there}}) where the cursor is. */
  onInsert: (token: string) => void;
  onClose: () => void;
};

const FORM = 'designer-merge-field-form';

/**
 * The rich text's field picker (the text's Field button): a recipient's first name, last name, email
 * address or company, filled in for each recipient when the email is sent, with the words shown to a
 * recipient without a value. Mounted while it is open (each opening starts with the first name and no
 * fallback).
 */
export function MergeFieldDialog({ onInsert, onClose }: Props) {
  const [name, setName] = useState<MergeFieldName>('first_name');
  const [fallback, setFallback] = useState('');
  const token = mergeFieldToken(name, fallback);
  const field = MERGE_FIELDS.find((item) => item.name === name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onInsert(token);
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="Insert a personal field"
      description="Each recipient sees their own value when the email is sent."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={FORM}>
            Insert
          </Button>
        </>
      }
    >
      <form id={FORM} onSubmit={submit} noValidate className="designer-merge-form">
        <Select
          label="Field"
          value={name}
          options={MERGE_FIELDS.map((item) => ({ value: item.name, label: item.label }))}
          onChange={(event) => setName(event.target.value as MergeFieldName)}
        />
        <TextField
          label="When a recipient has none, show"
          value={fallback}
          autoComplete="off"
          placeholder="there"
          hint="Optional. Leave it empty to show nothing."
          onChange={(event) => setFallback(event.target.value)}
        />
        <p className="designer-merge-preview">
          Inserts <code>{token}</code>, shown as “{field?.example}”
          {fallback.trim() ? <> or “{fallback.trim()}”</> : null}.
        </p>
      </form>
    </Dialog>
  );
}
