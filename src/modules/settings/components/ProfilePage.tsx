import { useEffect, useState } from 'react';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, passwordSchema } from '../../../../domain/authSchemas.ts';
import { type PasswordChanged, updateProfileSchema } from '../../../../domain/profileSettings.ts';
import type { UserData } from '../../../../domain/userData.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Form } from '../../../ui/Form.tsx';
import { PasswordField } from '../../../ui/PasswordField.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useFormFields } from '../../../ui/useFormFields.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';

type Props = {
  user: Pick<UserData, 'first_name' | 'last_name' | 'user_email'>;
  /** After the name changed: the signed-in frame shows the new one. */
  onNameChanged: () => void;
};

const passwordFormSchema = z.object({
  current_password: z.string().min(1, 'Enter your current password.'),
  new_password: passwordSchema,
  confirm: z.string(),
});

const confirmMatches = (values: Record<'current_password' | 'new_password' | 'confirm', string>) => ({
  confirm:
    values.confirm === ''
      ? 'Type the new password again.'
      : values.confirm !== values.new_password
        ? 'The two passwords differ.'
        : undefined,
});

function NameCard({ user, onNameChanged }: Props) {
  const { userApi } = useServices();
  const form = useFormFields(updateProfileSchema, {
    first_name: user.first_name,
    last_name: user.last_name,
  });
  const save = useRequest(
    (input: { first_name: string; last_name: string }, signal) => userApi.updateProfile(input, signal),
    'updateProfile',
  );
  useEffect(() => {
    if (save.status === 'success') onNameChanged();
  }, [save.status, onNameChanged]);
  return (
    <Card
      title="Your name"
      description="Shown to your team and on the emails you send from your own address."
    >
      <Form
        className="settings-form"
        ref={form.formRef}
        noValidate
        aria-label="Your name"
        onSubmit={(event) => {
          const fields = form.submit(event);
          if (fields) save.submit(fields);
        }}
      >
        {save.status === 'success' ? <Alert tone="success">Your name has been saved.</Alert> : null}
        {save.status === 'failure' && save.error ? <Alert tone="error">{save.error.message}</Alert> : null}
        <div className="settings-form__row">
          <TextField label="First name" autoComplete="given-name" required {...form.field('first_name')} />
          <TextField label="Last name" autoComplete="family-name" required {...form.field('last_name')} />
        </div>
        <TextField label="Email" value={user.user_email} readOnly hint="You sign in with this address." />
        <div className="settings-form__actions">
          <Button type="submit" loading={save.status === 'loading'}>
            Save name
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function PasswordCard() {
  const { authApi } = useServices();
  const [formKey, setFormKey] = useState(0);
  const change = useRequest(
    async (input: { current_password: string; new_password: string }, signal): Promise<PasswordChanged> => {
      const answer = await authApi.changePassword(input, signal);
      setFormKey((key) => key + 1);
      return answer;
    },
    'changePassword',
  );
  return (
    <Card
      title="Password"
      description="Changing it signs you out in every other browser and device; this one stays signed in."
    >
      {change.status === 'success' && change.data ? (
        <Alert tone="success">{change.data.message}</Alert>
      ) : null}
      <PasswordForm
        key={formKey}
        busy={change.status === 'loading'}
        refusal={change.status === 'failure' ? (change.error?.message ?? null) : null}
        onSubmit={(input) => change.submit(input)}
      />
    </Card>
  );
}

function PasswordForm({
  busy,
  refusal,
  onSubmit,
}: {
  busy: boolean;
  refusal: string | null;
  onSubmit: (input: { current_password: string; new_password: string }) => void;
}) {
  const form = useFormFields(
    passwordFormSchema,
    { current_password: '', new_password: '', confirm: '' },
    confirmMatches,
  );
  return (
    <Form
      className="settings-form"
      ref={form.formRef}
      noValidate
      aria-label="Change your password"
      onSubmit={(event) => {
        const fields = form.submit(event);
        if (fields)
          onSubmit({ current_password: fields.current_password, new_password: fields.new_password });
      }}
    >
      {refusal ? <Alert tone="error">{refusal}</Alert> : null}
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        required
        {...form.field('current_password')}
      />
      <div className="settings-form__row">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          {...form.field('new_password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.field('confirm')}
        />
      </div>
      <div className="settings-form__actions">
        <Button type="submit" loading={busy}>
          Change password
        </Button>
      </div>
    </Form>
  );
}

/** Settings › Profile: the user's name, and their password (the current one asked; other sessions end). */
export function ProfilePage(props: Props) {
  return (
    <>
      <NameCard {...props} />
      <PasswordCard />
    </>
  );
}
