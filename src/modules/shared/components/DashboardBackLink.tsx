import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { safeInternalPath } from '../../../../domain/redirectTarget.ts';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { LineIcon } from '../../../ui/LineIcon.tsx';

type Props = {
  /** The address's back_url: followed only when it is a path of this app (never an open redirect). */
  backUrl: unknown;
  /** Where Back goes without a usable back_url, and what it then says ("All contacts"). */
  fallback: string;
  fallbackLabel: string;
};

/** Where a dashboard's Back goes: its back_url when that is a path of this app, else the fallback. */
export function backTarget(backUrl: unknown, fallback: string): string {
  return safeInternalPath(typeof backUrl === 'string' ? backUrl : null) ?? fallback;
}

/**
 * A dashboard's Back: to back_url, the exact list, tab, page and filter the user came from, when it is a
 * path of this app; otherwise to the fallback. A real link (a plain click stays in the app; Ctrl, meta or a
 * middle click opens a new tab).
 */
export function DashboardBackLink({ backUrl, fallback, fallbackLabel }: Props) {
  const router = useRouter();
  const back = typeof backUrl === 'string' ? safeInternalPath(backUrl) : null;
  const href = back ?? fallback;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a
      href={href}
      onClick={follow}
      className={`${buttonClassName('ghost', 'sm')} dashboard-back`}
      data-testid="dashboard-back"
    >
      <LineIcon d="M12 5l-5 5 5 5" size={16} />
      {back ? 'Back' : fallbackLabel}
    </a>
  );
}
