import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { SignInAnswer } from '../../../../domain/authAnswers.ts';
import { signupKeySchema } from '../../../../domain/authSchemas.ts';
import { sessionStore } from '../../../api/sessionStore.ts';
import { signInLanding } from '../../../router/routeTable.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { CheckedLink } from './CheckedLink.tsx';
import { LinkActionForm } from './LinkActionForm.tsx';
import './AuthForm.css';

function SpentLink({ title, message }: { title: string; message: string }) {
  return (
    <AuthLayout title={title} subtitle={message} footer={<Link to="/">Back to sign in</Link>}>
      <div className="auth-form">
        <Alert tone="warning">Sign-up links work for 24 hours, and only once.</Alert>
        <Link to="/auth/signup" className={`${buttonClassName('primary', 'lg')} ui-button--full`}>
          Sign up again
        </Link>
      </div>
    </AuthLayout>
  );
}

/**
 * /auth/confirm-signup/{key}: the link mailed after a sign-up. Opening it only checks the key (a mail
 * scanner that follows links creates nothing); the button creates the account and signs in.
 */
export function ConfirmSignupPage({ signupKey }: { signupKey: string }) {
  const router = useRouter();
  const { authApi } = useServices();
  const keyIsWellFormed = signupKeySchema.safeParse(signupKey).success;
  const check = useRequest<string, { email: string }>((key, signal) => authApi.checkSignupKey(key, signal));
  const confirm = useRequest<string, SignInAnswer>((key, signal) => authApi.confirmSignup(key, signal));

  const finished = useRef(false);
  useEffect(() => {
    if (confirm.status !== 'success' || !confirm.data || finished.current) return;
    finished.current = true;
    sessionStore.begin(confirm.data.csrf_token);
    void router.navigate({ href: signInLanding(confirm.data.user), replace: true });
  }, [confirm.status, confirm.data, router]);

  const pending = confirm.status === 'loading' || confirm.status === 'success';
  return (
    <CheckedLink
      linkKey={signupKey}
      wellFormed={keyIsWellFormed}
      check={check}
      title="Finish creating your account"
      what="your sign-up link"
      invalid={
        <SpentLink
          title="This sign-up link is not valid"
          message="The address is not a complete sign-up link. Open the link from the email again."
        />
      }
      spent={(message) => <SpentLink title="This sign-up link has expired" message={message} />}
    >
      {(account) => (
        <AuthLayout
          title="Finish creating your account"
          subtitle="One click and your workspace is ready."
          footer={<Link to="/">Back to sign in</Link>}
        >
          <LinkActionForm
            account={
              <>
                Account: <strong>{account?.email}</strong>
              </>
            }
            error={confirm.status === 'failure' ? confirm.error : null}
            pending={pending}
            label="Create my account"
            pendingLabel="Creating your account…"
            onAct={() => confirm.submit(signupKey)}
          />
        </AuthLayout>
      )}
    </CheckedLink>
  );
}
