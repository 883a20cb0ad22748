import { type AddSenderInput, addSenderBodySchema } from '../../../../domain/senderAddresses.ts';
import { MAX_SENDER_NAME } from '../../../../domain/sendSchemas.ts';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Form } from '../../../ui/Form.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useFormFields } from '../../../ui/useFormFields.ts';

type Props = {
  busy: boolean;
  /** Why the server refused the last address (shown on the address field). */
  refusal: string | null;
  onAdd: (input: AddSenderInput) => void;
  onEdit: () => void;
};

/** Add a From address: the address and the name recipients see; a link to verify it is mailed to it. */
export function AddSenderForm({ busy, refusal, onAdd, onEdit }: Props) {
  const form = useFormFields(addSenderBodySchema, { email: '', sender_name: '' });
  const email = form.field('email');
  const senderName = form.field('sender_name');
  return (
    <Card
      title="Add a sender address"
      description="We email a link to the address; it can send your campaigns once someone opens that link."
    >
      <Form
        className="senders-add"
        ref={form.formRef}
        noValidate
        aria-label="Add a sender address"
        onSubmit={(event) => {
          const fields = form.submit(event);
          if (fields) onAdd(fields);
        }}
      >
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...email}
          error={email.error ?? refusal ?? undefined}
          onChange={(event) => {
            email.onChange(event);
            onEdit();
          }}
        />
        <TextField
          label="Sender name"
          required
          maxLength={MAX_SENDER_NAME}
          autoComplete="organization"
          {...senderName}
        />
        <Button type="submit" loading={busy} className="senders-add__submit">
          Send verification link
        </Button>
      </Form>
    </Card>
  );
}
