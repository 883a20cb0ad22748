import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useDashboardLinkSearch } from '../hooks/useDashboardLinkSearch.ts';

/**
 * An account's name wherever a list shows it: a real link to the account's analytics dashboard
 * (/analytics/accounts/dashboard?account_id=…) whose back_url is the current address, so Back returns to
 * the same list, page and filter. A plain click stays in the app; Ctrl, meta or middle click opens a new
 * tab, as the browser does for any link.
 */
export function AccountDashboardLink({
  accountId,
  children,
  className,
}: {
  accountId: number;
  children: ReactNode;
  className?: string;
}) {
  const searchOf = useDashboardLinkSearch();
  return (
    <Link
      to="/analytics/{-$page}/{-$tab}"
      params={{ page: 'accounts', tab: 'dashboard' }}
      search={searchOf({ account_id: accountId }) as never}
      className={className}
      data-testid="account-dashboard-link"
    >
      {children}
    </Link>
  );
}
