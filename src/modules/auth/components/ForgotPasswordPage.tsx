import { Link } from '@tanstack/react-router';
import type { MailedAnswer } from '../../../../domain/authAnswers.ts';
import { forgotPasswordSchema } from '../../../../domain/authSchemas.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useFormFields } from '../../../ui/useFormFields.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { AuthLayout } from './AuthLayout.tsx';
import './AuthForm.css';
import { Form } from '../../../ui/Form.tsx';

export function ForgotPasswordPage({ initialEmail }: { initialEmail?: string }) {
  const { authApi } = useServices();
  const form = useFormFields(forgotPasswordSchema, { email: initialEmail ?? '' });
  const request = useRequest<string, MailedAnswer>((email, signal) => authApi.forgotPassword(email, signal));
  const sentTo = typeof request.data === 'object' && request.status === 'success' ? form.values.email : null;

  if (sentTo) {
    const logged = request.data?.mail_delivery === 'log';
    return (
      <AuthLayout
        title={logged ? 'No email was sent' : 'Check your inbox'}
        subtitle={request.data?.message}
        footer={<Link to="/">Back to sign in</Link>}
      >
        <div className="auth-form">
          {logged ? (
            <p className="auth-form__account">
              Look in the server log for a line that names <strong>{sentTo}</strong>. The link on it works for
              one hour, and only once.
            </p>
          ) : (
            <>
              <p className="auth-form__account">
                If <strong>{sentTo}</strong> belongs to an account, its reset link is on the way. The link
                works for one hour, and only once.
              </p>
              <p>Didn’t get it? Check your spam folder, or ask for another link.</p>
            </>
          )}
          <Button variant="secondary" fullWidth onClick={() => request.reset()}>
            {logged ? 'Use another email' : 'Use another email or send again'}
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email of your account and we’ll send you a link to choose a new password."
      footer={
        <>
          Remembered it? <Link to="/">Back to sign in</Link>
        </>
      }
    >
      <Form
        className="auth-form"
        ref={form.formRef}
        noValidate
        aria-label="Reset your password"
        onSubmit={(event) => {
          const fields = form.submit(event);
          if (fields) request.submit(fields.email);
        }}
      >
        {request.status === 'failure' && request.error ? (
          <Alert tone="error">{request.error.message}</Alert>
        ) : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...form.field('email')}
        />
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={request.status === 'loading'}
          className="auth-form__submit"
        >
          {request.status === 'loading' ? 'Sending…' : 'Send reset link'}
        </Button>
      </Form>
    </AuthLayout>
  );
}
