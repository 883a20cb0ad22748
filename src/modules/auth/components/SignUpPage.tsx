import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { sessionStore } from '../../../api/sessionStore.ts';
import type { SignInAnswer } from '../../../domain/authAnswers.ts';
import { PASSWORD_MIN_LENGTH, type SignupInput, signupSchema } from '../../../domain/authSchemas.ts';
import { HOME_PATH } from '../../../router/routeTable.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { PasswordField } from '../../../ui/PasswordField.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useFormFields } from '../../../ui/useFormFields.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { AuthLayout } from './AuthLayout.tsx';
import './AuthForm.css';

export function SignUpPage() {
  const { authApi } = useServices();
  const router = useRouter();
  const form = useFormFields(signupSchema, {
    first_name: '',
    last_name: '',
    email: '',
    password: '',
    organisation_name: '',
  });
  const signup = useRequest<SignupInput, SignInAnswer>((fields, signal) => authApi.signup(fields, signal));

  const finished = useRef(false);

  useEffect(() => {
    if (signup.status !== 'success' || !signup.data || finished.current) return;
    finished.current = true;
    sessionStore.begin(signup.data.csrf_token);
    void router.navigate({ href: HOME_PATH, replace: true });
  }, [signup.status, signup.data, router]);

  const pending = signup.status === 'loading' || signup.status === 'success';

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
      <form
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
          {pending ? 'Creating your account…' : 'Create account'}
        </Button>
      </form>
    </AuthLayout>
  );
}
