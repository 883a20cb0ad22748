import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import type { SignInAnswer } from '../../../../domain/authAnswers.ts';
import { PASSWORD_MIN_LENGTH } from '../../../../domain/authSchemas.ts';
import {
  acceptInvitationSchema,
  INVITATION_TTL_DAYS,
  type InvitationCheck,
  invitationKeySchema,
} from '../../../../domain/teamSettings.ts';
import { sessionStore } from '../../../api/sessionStore.ts';
import { HOME_PATH } from '../../../router/routeTable.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Form } from '../../../ui/Form.tsx';
import { PasswordField } from '../../../ui/PasswordField.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { useFormFields } from '../../../ui/useFormFields.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { CheckedLink } from './CheckedLink.tsx';
import './AuthForm.css';

const joinSchema = acceptInvitationSchema.omit({ key: true });
type JoinFields = z.output<typeof joinSchema>;

function SpentLink({ title, message }: { title: string; message: string }) {
  return (
    <AuthLayout title={title} subtitle={message} footer={<Link to="/">Back to sign in</Link>}>
      <div className="auth-form">
        <Alert tone="warning">
          Invitation links work for {INVITATION_TTL_DAYS} days, and only once. Ask the person who invited you
          to send a new one.
        </Alert>
      </div>
    </AuthLayout>
  );
}

function JoinForm({
  invitation,
  onJoin,
  pending,
  error,
}: {
  invitation: InvitationCheck;
  onJoin: (fields: JoinFields) => void;
  pending: boolean;
  error: string | null;
}) {
  const form = useFormFields(joinSchema, { first_name: '', last_name: '', password: '' });
  return (
    <Form
      className="auth-form"
      ref={form.formRef}
      noValidate
      aria-label="Join your team"
      onSubmit={(event) => {
        const fields = form.submit(event);
        if (fields) onJoin(fields);
      }}
    >
      <p className="auth-form__account">
        Account: <strong>{invitation.email}</strong>
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField label="First name" autoComplete="given-name" required {...form.field('first_name')} />
      <TextField label="Last name" autoComplete="family-name" required {...form.field('last_name')} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        {...form.field('password')}
      />
      <Button type="submit" size="lg" fullWidth loading={pending} className="auth-form__submit">
        {pending ? 'Joining…' : 'Join the team'}
      </Button>
    </Form>
  );
}

/**
 * /auth/invitation/{key}: the link mailed to an invited colleague. Opening it only checks the key (whose
 * organisation, who invited); the invitee chooses a name and a password, joins and is signed in.
 */
export function AcceptInvitationPage({ invitationKey }: { invitationKey: string }) {
  const router = useRouter();
  const { authApi } = useServices();
  const keyIsWellFormed = invitationKeySchema.safeParse(invitationKey).success;
  const check = useRequest<string, InvitationCheck>((key, signal) => authApi.checkInvitation(key, signal));
  const accept = useRequest<JoinFields, SignInAnswer>((fields, signal) =>
    authApi.acceptInvitation({ ...fields, key: invitationKey }, signal),
  );

  const finished = useRef(false);
  useEffect(() => {
    if (accept.status !== 'success' || !accept.data || finished.current) return;
    finished.current = true;
    sessionStore.begin(accept.data.csrf_token);
    void router.navigate({ href: HOME_PATH, replace: true });
  }, [accept.status, accept.data, router]);

  const pending = accept.status === 'loading' || accept.status === 'success';
  return (
    <CheckedLink
      linkKey={invitationKey}
      wellFormed={keyIsWellFormed}
      check={check}
      title="Join your team"
      what="your invitation"
      invalid={
        <SpentLink
          title="This invitation link is not valid"
          message="The address is not a complete invitation link. Open the link from the email again."
        />
      }
      spent={(message) => <SpentLink title="This invitation has expired" message={message} />}
    >
      {(invitation) =>
        invitation ? (
          <AuthLayout
            title={`Join ${invitation.organisation_name}`}
            subtitle={
              <>
                <UserText>{invitation.invited_by || 'Your colleague'}</UserText> invited you as{' '}
                {invitation.role === 'admin' ? 'an administrator' : 'a member'}. Choose your name and a
                password.
              </>
            }
            footer={<Link to="/">Back to sign in</Link>}
          >
            <JoinForm
              invitation={invitation}
              onJoin={accept.submit}
              pending={pending}
              error={accept.status === 'failure' ? (accept.error?.message ?? null) : null}
            />
          </AuthLayout>
        ) : null
      }
    </CheckedLink>
  );
}
