import { Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isGlobalErrorStatus } from '../../../../domain/errorCatalogue.ts';
import { errorStore } from '../../../api/errorStore.ts';
import { useErrorState } from '../../shared/hooks/useErrorState.ts';
import { ErrorStatusPage } from './ErrorStatusPage.tsx';

/**
 * The signed-in page, or the global error page when a call of this page failed with a catalogued status.
 * Moving to another path clears the error; "Try again" clears it and loads the page again.
 */
export function GlobalErrorOutlet() {
  const router = useRouter();
  const error = useErrorState();
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  useEffect(() => {
    if (error && !samePage(error.redirectUrl, pathname)) errorStore.clear();
  }, [error, pathname]);

  if (!error || !isGlobalErrorStatus(error.status) || !samePage(error.redirectUrl, pathname)) {
    return <Outlet />;
  }
  return (
    <ErrorStatusPage
      status={error.status}
      onRetry={() => {
        errorStore.clear();
        void router.invalidate();
      }}
      onBack={() => {
        errorStore.clear();
        router.history.back();
      }}
    />
  );
}

/** The error belongs to the page at the path it was stored with. */
function samePage(redirectUrl: string, pathname: string): boolean {
  return redirectUrl.split(/[?#]/)[0] === pathname;
}
