import { useState } from 'react';
import { INVITATION_TTL_DAYS, type InviteInput, inviteBodySchema } from '../../../../domain/teamSettings.ts';
import type { UserRole } from '../../../../domain/userRoles.ts';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Form } from '../../../ui/Form.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useFormFields } from '../../../ui/useFormFields.ts';

type Props = {
  busy: boolean;
  /** Why the server refused the last invitation (shown on the address field). */
  refusal: string | null;
  onInvite: (input: InviteInput) => void;
  onEdit: () => void;
};

const ROLE_OPTIONS = [
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Administrator' },
];

/** Invite a colleague: their address and role; a single-use link to join is mailed to them. */
export function InviteForm({ busy, refusal, onInvite, onEdit }: Props) {
  const form = useFormFields(inviteBodySchema.pick({ email: true }), { email: '' });
  const [role, setRole] = useState<UserRole>('member');
  const email = form.field('email');
  return (
    <Card
      title="Invite a colleague"
      description={`We email them a link to join your organisation; it works for ${INVITATION_TTL_DAYS} days, once. Administrators manage the team and the sender addresses.`}
    >
      <Form
        className="senders-add"
        ref={form.formRef}
        noValidate
        aria-label="Invite a colleague"
        onSubmit={(event) => {
          const fields = form.submit(event);
          if (fields) onInvite({ email: fields.email, role });
        }}
      >
        <TextField
          label="Email address"
          type="email"
          autoComplete="off"
          inputMode="email"
          required
          {...email}
          error={email.error ?? refusal ?? undefined}
          onChange={(event) => {
            email.onChange(event);
            onEdit();
          }}
        />
        <Select
          label="Role"
          options={ROLE_OPTIONS}
          value={role}
          onChange={(event) => setRole(event.target.value === 'admin' ? 'admin' : 'member')}
        />
        <Button type="submit" loading={busy} className="senders-add__submit">
          Send invitation
        </Button>
      </Form>
    </Card>
  );
}
