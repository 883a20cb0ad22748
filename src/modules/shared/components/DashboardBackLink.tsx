import { useRouter, useSearch } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { safeInternalPath } from '../../../../domain/redirectTarget.ts';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { LineIcon } from '../../../ui/LineIcon.tsx';

/** Where a dashboard's Back goes: its back_url when that is a path of this app, else the fallback. */
export function backTarget(backUrl: unknown, fallback: string): string {
  return safeInternalPath(typeof backUrl === 'string' ? backUrl : null) ?? fallback;
}

/**
 * A dashboard's Back: a real link to the address its back_url names (the exact list, page and filter the
 * user came from). Only a path of this app is followed (never another site: no open redirect); without
 * one it goes to `fallback`. A plain click stays in the app; a modified click is the browser's.
 */
export function DashboardBackLink({ fallback, label }: { fallback: string; label: string }) {
  const router = useRouter();
  const backUrl = useSearch({
    strict: false,
    select: (search) => (search as { back_url?: unknown }).back_url,
  });
  const href = backTarget(backUrl, fallback);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a href={href} onClick={follow} className={buttonClassName('ghost', 'sm')} data-testid="dashboard-back">
      <LineIcon d="M12 5l-5 5 5 5" size={16} />
      {label}
    </a>
  );
}
