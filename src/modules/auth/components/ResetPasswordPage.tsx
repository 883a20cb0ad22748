import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import type { MessageAnswer } from '../../../../domain/authAnswers.ts';
import { PASSWORD_MIN_LENGTH, passwordSchema, resetKeySchema } from '../../../../domain/authSchemas.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { PasswordField } from '../../../ui/PasswordField.tsx';
import { useFormFields } from '../../../ui/useFormFields.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { CheckedLink } from './CheckedLink.tsx';
import './AuthForm.css';
import { Form } from '../../../ui/Form.tsx';

const newPasswordSchema = z.object({ password: passwordSchema, confirm: z.string() });

const confirmMatches = (values: { password: string; confirm: string }) => ({
  confirm:
    values.confirm === ''
      ? 'Type the new password again.'
      : values.confirm !== values.password
        ? 'The two passwords differ.'
        : undefined,
});

function InvalidLink({ title, message }: { title: string; message: string }) {
  return (
    <AuthLayout title={title} subtitle={message} footer={<Link to="/">Back to sign in</Link>}>
      <div className="auth-form">
        <Alert tone="warning">
          Reset links work for one hour, and only once. Ask for a new one and open the newest email.
        </Alert>
        <Link
          to="/auth/forgot-password"
          search={{ email: undefined }}
          className={`${buttonClassName('primary', 'lg')} ui-button--full`}
        >
          Ask for a new link
        </Link>
      </div>
    </AuthLayout>
  );
}

/** /resetPassword/{resetKey}: checks the key, shows whose password changes, sets the new one. */
export function ResetPasswordPage({ resetKey }: { resetKey: string | undefined }) {
  const { authApi } = useServices();
  const router = useRouter();
  const keyIsWellFormed = resetKeySchema.safeParse(resetKey ?? '').success;
  const check = useRequest<string, { email: string }>((key, signal) => authApi.checkResetKey(key, signal));
  const reset = useRequest<{ key: string; password: string }, MessageAnswer>((input, signal) =>
    authApi.resetPassword(input.key, input.password, signal),
  );
  const form = useFormFields(newPasswordSchema, { password: '', confirm: '' }, confirmMatches);

  const finished = useRef(false);
  useEffect(() => {
    if (reset.status !== 'success' || finished.current) return;
    finished.current = true;
    void router.navigate({
      to: '/',
      search: { notice: 'password-reset', redirect: undefined },
      replace: true,
    });
  }, [reset.status, router]);

  const pending = reset.status === 'loading' || reset.status === 'success';
  return (
    <CheckedLink
      linkKey={resetKey}
      wellFormed={keyIsWellFormed}
      check={check}
      title="Reset your password"
      what="your reset link"
      invalid={
        <InvalidLink
          title="This reset link is not valid"
          message={
            resetKey
              ? 'The address is not a complete reset link. Open the link from the email again.'
              : 'The address is missing its reset key. Open the link from the email again.'
          }
        />
      }
      spent={(message) => <InvalidLink title="This reset link has expired" message={message} />}
    >
      {(account, key) => (
        <AuthLayout
          title="Choose a new password"
          subtitle="Pick a password you don’t use anywhere else."
          footer={<Link to="/">Back to sign in</Link>}
        >
          <Form
            className="auth-form"
            ref={form.formRef}
            noValidate
            aria-label="Choose a new password"
            onSubmit={(event) => {
              const fields = form.submit(event);
              if (fields) reset.submit({ key, password: fields.password });
            }}
          >
            <p className="auth-form__account">
              Account: <strong>{account?.email}</strong>
            </p>
            {reset.status === 'failure' && reset.error ? (
              <Alert
                tone="error"
                actions={
                  reset.error.status === 400 ? (
                    <Link to="/auth/forgot-password" search={{ email: account?.email }}>
                      Ask for a new link
                    </Link>
                  ) : undefined
                }
              >
                {reset.error.message}
              </Alert>
            ) : null}
            <PasswordField
              label="New password"
              autoComplete="new-password"
              required
              hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              {...form.field('password')}
            />
            <PasswordField
              label="Confirm new password"
              autoComplete="new-password"
              required
              {...form.field('confirm')}
            />
            <Button type="submit" size="lg" fullWidth loading={pending} className="auth-form__submit">
              {pending ? 'Saving…' : 'Set new password'}
            </Button>
          </Form>
        </AuthLayout>
      )}
    </CheckedLink>
  );
}
