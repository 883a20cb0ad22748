import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { RequestFailure } from '../../../../domain/requestFailure.ts';
import { Button } from '../../../ui/Button.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { AuthLayout } from './AuthLayout.tsx';

type Props = {
  title: string;
  /** What is being checked, for the loading line ("your reset link"). */
  what: string;
  status: 'idle' | 'loading' | 'success' | 'failure';
  error: RequestFailure | null;
  onRetry: () => void;
  /** The page for a link the server refused (400: expired, spent), given the server's message. */
  spent: (message: string) => ReactNode;
};

/**
 * The states of a page opened from a mailed link while its key is checked: checking, refused (spent or
 * expired), or the check failed (try again). Null once the key is good, and the page shows its form.
 */
export function LinkCheckPanel({ title, what, status, error, onRetry, spent }: Props): ReactNode {
  if (status === 'idle' || status === 'loading') {
    return (
      <AuthLayout title={title}>
        <StatePanel kind="loading" compact title={`Checking ${what}…`} />
      </AuthLayout>
    );
  }
  if (status !== 'failure') return null;
  if (error?.kind === 'http' && error.status === 400) return spent(error.message);
  return (
    <AuthLayout title={title} footer={<Link to="/">Back to sign in</Link>}>
      <StatePanel
        kind="error"
        compact
        title="We couldn’t check your link"
        actions={
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        {error?.message}
      </StatePanel>
    </AuthLayout>
  );
}
