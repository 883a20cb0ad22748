import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** What the contact dashboard may be opened for: the report's campaign, email, workflow or saved filter. */
export type ContactDashboardContext = {
  campaign_id?: string | number;
  email_id?: string | number;
  workflow_id?: string | number;
  fs_id?: string | number;
};

type Props = {
  contactId: number;
  children: ReactNode;
  context?: ContactDashboardContext;
  className?: string;
};

/**
 * A contact's name in a list, as the link to its dashboard (/analytics/contacts/dashboard?contact_id=…)
 * with back_url, the address shown now (its list, tab, page and filter), so the dashboard's Back returns
 * here. A real <a href>: a plain click opens it in the app, Ctrl, meta or a middle click in a new tab.
 */
export function ContactDashboardLink({ contactId, children, context, className }: Props) {
  const here = useRouterState({ select: (state) => state.location.href });
  return (
    <Link
      to="/analytics/{-$page}/{-$tab}"
      params={{ page: 'contacts', tab: 'dashboard' }}
      search={{ contact_id: contactId, ...context, back_url: here } as never}
      className={className}
      data-contact-link={contactId}
    >
      {children}
    </Link>
  );
}
