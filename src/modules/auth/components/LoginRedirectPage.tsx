import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { safeInternalPath } from '../../../../domain/redirectTarget.ts';
import { sessionStore } from '../../../api/sessionStore.ts';
import { HOME_PATH } from '../../../router/routeTable.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { AuthLayout } from './AuthLayout.tsx';

/** /login-redirect: signed in elsewhere on this origin; fetch the CSRF token with the cookie and go on. */
export function LoginRedirectPage({ redirect }: { redirect: string | undefined }) {
  const { authApi } = useServices();
  const router = useRouter();
  const csrf = useRequest<null, { csrf_token: string }>((_input, signal) => authApi.csrfToken(signal));
  const load = csrf.submit;

  useEffect(() => load(null), [load]);

  const finished = useRef(false);
  useEffect(() => {
    if (csrf.status !== 'success' || !csrf.data || finished.current) return;
    finished.current = true;
    sessionStore.begin(csrf.data.csrf_token);
    void router.navigate({ href: safeInternalPath(redirect) ?? HOME_PATH, replace: true });
  }, [csrf.status, csrf.data, redirect, router]);

  if (csrf.status === 'failure' && csrf.error) {
    const signedOut = csrf.error.status === 403;
    return (
      <AuthLayout title={signedOut ? 'Please sign in' : 'Signing you in'}>
        <StatePanel
          kind={signedOut ? 'info' : 'error'}
          compact
          title={signedOut ? 'You are not signed in' : 'We couldn’t finish signing you in'}
          actions={
            <>
              {signedOut ? null : (
                <Button variant="secondary" onClick={() => load(null)}>
                  Try again
                </Button>
              )}
              <Link to="/" search={{ redirect, notice: undefined }} className={buttonClassName()}>
                Go to sign in
              </Link>
            </>
          }
        >
          {signedOut ? 'Your session was not found or has ended.' : csrf.error.message}
        </StatePanel>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Signing you in">
      <StatePanel kind="loading" compact title="Opening your workbench…" />
    </AuthLayout>
  );
}
