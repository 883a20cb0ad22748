import { Link } from '@tanstack/react-router';
import type { MailedAnswer } from '../../../../domain/authAnswers.ts';
import { PASSWORD_MIN_LENGTH, type SignupInput, signupSchema } from '../../../../domain/authSchemas.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { PasswordField } from '../../../ui/PasswordField.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useFormFields } from '../../../ui/useFormFields.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { AuthLayout } from './AuthLayout.tsx';
import './AuthForm.css';
import { Form } from '../../../ui/Form.tsx';

/**
 * /auth/signup: asks for an account. The server answers the same way for every address (an address that
 * already has an account gets a note instead of a link), so the page always says to check the inbox; the
 * mailed link opens /auth/confirm-signup/{key}, which creates the account and signs in. Where the server
 * has no email delivery, nothing is mailed: the page says so, and that the server's operator finds the
 * link in the server log.
 */
export function SignUpPage() {
  const { authApi } = useServices();
  const form = useFormFields(signupSchema, {
    first_name: '',
    last_name: '',
    email: '',
    password: '',
    organisation_name: '',
  });
  const signup = useRequest<SignupInput, MailedAnswer>((fields, signal) => authApi.signup(fields, signal));

  if (signup.status === 'success' && signup.data) {
    const logged = signup.data.mail_delivery === 'log';
    return (
      <AuthLayout
        title={logged ? 'No email was sent' : 'Check your inbox'}
        subtitle={signup.data.message}
        footer={<Link to="/">Back to sign in</Link>}
      >
        <div className="auth-form">
          {logged ? (
            <p className="auth-form__account">
              Look in the server log for a line that names <strong>{form.values.email}</strong>, and open the
              link on it. If this address already has an account, sign in instead.
            </p>
          ) : (
            <>
              <p className="auth-form__account">
                We sent an email to <strong>{form.values.email}</strong>. Open the link in it to finish
                creating your account. If this address already has an account, the email says so instead.
              </p>
              <p>Didn’t get it? Check your spam folder, or sign up again.</p>
            </>
          )}
          <Button variant="secondary" fullWidth onClick={() => signup.reset()}>
            {logged ? 'Use another email' : 'Use another email or send again'}
          </Button>
        </div>
      </AuthLayout>
    );
  }

  const pending = signup.status === 'loading';

  return (
    <AuthLayout
      pitch
      title="Create your account"
      subtitle="Start with a workspace for your team. It takes a minute."
      footer={
        <>
          Already have an account? <Link to="/">Sign in</Link>
        </>
      }
    >
      <Form
        className="auth-form"
        ref={form.formRef}
        noValidate
        aria-label="Create your account"
        onSubmit={(event) => {
          const fields = form.submit(event);
          if (fields) signup.submit(fields);
        }}
      >
        {signup.status === 'failure' && signup.error ? (
          <Alert tone="error">{signup.error.message}</Alert>
        ) : null}
        <div className="auth-form__row">
          <TextField label="First name" autoComplete="given-name" required {...form.field('first_name')} />
          <TextField label="Last name" autoComplete="family-name" required {...form.field('last_name')} />
        </div>
        <TextField
          label="Work email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...form.field('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          {...form.field('password')}
        />
        <TextField
          label="Organisation"
          optional
          autoComplete="organization"
          {...form.field('organisation_name')}
        />
        <Button type="submit" size="lg" fullWidth loading={pending} className="auth-form__submit">
          {pending ? 'Sending…' : 'Create account'}
        </Button>
      </Form>
    </AuthLayout>
  );
}
