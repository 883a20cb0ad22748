import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { SignInAnswer } from '../../../../domain/authAnswers.ts';
import { type LoginInput, loginSchema } from '../../../../domain/authSchemas.ts';
import { safeInternalPath, ssoRedirectTarget } from '../../../../domain/redirectTarget.ts';
import { ssoAllowedOrigins } from '../../../api/serviceBases.ts';
import { sessionStore } from '../../../api/sessionStore.ts';
import { type SignInNotice, signInLanding } from '../../../router/routeTable.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { PasswordField } from '../../../ui/PasswordField.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useFormFields } from '../../../ui/useFormFields.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { signInNoticeText } from './signInNoticeText.ts';
import './AuthForm.css';
import { Form } from '../../../ui/Form.tsx';

export type SignInMode =
  /**
   * The workbench's own sign-in at /: afterwards go to ?redirect (a path of this app), else /welcome on
   * the user's first visit, else /campaigns.
   */
  | { kind: 'app'; redirect: string | undefined }
  /** The auth origin's login page: afterwards go to `${redirectURL}/sso/{token}/` when that origin is allowed. */
  | { kind: 'auth-origin'; redirectURL: string | undefined };

export function SignInPage({ mode, notice }: { mode: SignInMode; notice?: SignInNotice }) {
  const { authApi } = useServices();
  const router = useRouter();
  const form = useFormFields(loginSchema, { email: '', password: '' });
  const login = useRequest<LoginInput, SignInAnswer>((fields, signal) => authApi.login(fields, signal));

  const finished = useRef(false);

  useEffect(() => {
    if (login.status !== 'success' || !login.data || finished.current) return;
    finished.current = true;
    const token = login.data.csrf_token;
    sessionStore.begin(token);
    if (mode.kind === 'auth-origin') {
      const target = ssoRedirectTarget({
        redirectURL: mode.redirectURL,
        csrfToken: token,
        currentOrigin: window.location.origin,
        allowedOrigins: ssoAllowedOrigins,
      });
      if (target) {
        window.location.assign(target);
        return;
      }
    }
    const path = mode.kind === 'app' ? safeInternalPath(mode.redirect) : null;
    void router.navigate({ href: path ?? signInLanding(login.data.user), replace: true });
  }, [login.status, login.data, mode, router]);

  const pending = login.status === 'loading' || login.status === 'success';
  const noticeText = notice ? signInNoticeText[notice] : null;

  return (
    <AuthLayout
      pitch
      title="Sign in"
      subtitle="Welcome back. Sign in to your workbench."
      footer={
        <>
          New to Workbench? <Link to="/auth/signup">Create an account</Link>
        </>
      }
    >
      <Form
        className="auth-form"
        ref={form.formRef}
        noValidate
        aria-label="Sign in"
        onSubmit={(event) => {
          const fields = form.submit(event);
          if (fields) login.submit(fields);
        }}
      >
        {noticeText && login.status === 'idle' ? (
          <Alert tone={noticeText.tone}>{noticeText.text}</Alert>
        ) : null}
        {login.status === 'failure' && login.error ? <Alert tone="error">{login.error.message}</Alert> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          {...form.field('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <div className="auth-form__aside-link">
          <Link to="/auth/forgot-password" search={{ email: form.values.email || undefined }}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" fullWidth loading={pending} className="auth-form__submit">
          {pending ? 'Signing in…' : 'Sign in'}
        </Button>
      </Form>
    </AuthLayout>
  );
}
