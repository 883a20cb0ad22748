import { type FormEvent, useEffect, useState } from 'react';
import { linkTarget } from '../../../../../domain/linkTarget.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Dialog } from '../../../../ui/Dialog.tsx';
import { Form } from '../../../../ui/Form.tsx';
import { TextField } from '../../../../ui/TextField.tsx';

type Props = {
  /** The link being edited: its current target ('' for a new link); null closes. */
  editing: { href: string; hasLink: boolean } | null;
  onApply: (href: string) => void;
  onRemove: () => void;
  onClose: () => void;
};

const FORM = 'designer-link-form';

/**
 * The rich text's link editor (the text's Link button or Ctrl/Cmd+K): the address, checked before it is
 * set (web, email or phone; a bare "example.com" becomes https://example.com), and Remove link when the
 * text is linked already.
 */
export function LinkDialog({ editing, onApply, onRemove, onClose }: Props) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!editing) return;
    setValue(editing.href);
    setError(null);
  }, [editing]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = linkTarget(value);
    if (!target.ok) return setError(target.message);
    onApply(target.href);
  };
  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      title={editing?.hasLink ? 'Edit link' : 'Add a link'}
      footer={
        <>
          {editing?.hasLink ? (
            <Button variant="danger" onClick={onRemove}>
              Remove link
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={FORM}>
            Apply
          </Button>
        </>
      }
    >
      <Form id={FORM} onSubmit={submit} noValidate>
        <TextField
          label="Link address"
          value={value}
          autoComplete="off"
          inputMode="url"
          placeholder="https://example.com/page"
          hint="A web address, an email address or tel: and a phone number."
          error={error ?? undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        />
      </Form>
    </Dialog>
  );
}
