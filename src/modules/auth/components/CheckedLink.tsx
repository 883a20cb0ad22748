import { type ReactNode, useEffect } from 'react';
import type { UseRequest } from '../../shared/hooks/useRequest.ts';
import { LinkCheckPanel } from './LinkCheckPanel.tsx';

type Props<Answer> = {
  /** The key from the link's address; undefined when the address has none. */
  linkKey: string | undefined;
  /** Whether the key has its kind's form; the server is asked only about one that has. */
  wellFormed: boolean;
  /** The request that checks the key (it only reads: opening the link changes nothing). */
  check: UseRequest<string, Answer>;
  /** The page's title while the key is checked or the check failed. */
  title: string;
  /** What is being checked, for the loading line ("your sign-up link"). */
  what: string;
  /** The page for an address with no key of the right form. */
  invalid: ReactNode;
  /** The page for a key the server refused (expired, spent), given the server's message. */
  spent: (message: string) => ReactNode;
  /** The page once the key is good, given the check's answer and the key. */
  children: (answer: Answer | null, linkKey: string) => ReactNode;
};

/**
 * A page opened from a mailed link: its key is checked once (when it has the right form), the check's
 * states are shown while it runs or after it fails, and the page itself once the key is good.
 */
export function CheckedLink<Answer>({
  linkKey,
  wellFormed,
  check,
  title,
  what,
  invalid,
  spent,
  children,
}: Props<Answer>): ReactNode {
  const checkKey = check.submit;
  useEffect(() => {
    if (linkKey !== undefined && wellFormed) checkKey(linkKey);
  }, [linkKey, wellFormed, checkKey]);

  if (linkKey === undefined || !wellFormed) return invalid;
  if (check.status !== 'success') {
    return (
      <LinkCheckPanel
        title={title}
        what={what}
        status={check.status}
        error={check.error}
        onRetry={() => checkKey(linkKey)}
        spent={spent}
      />
    );
  }
  return children(check.data, linkKey);
}
