import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { areaLinks } from '../../../router/routeTable.ts';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';

/** A report with nothing to count yet: what to do next, and the way to Campaigns, where emails are sent. */
export function NothingSentPanel({
  title,
  compact = false,
  children,
}: {
  title: string;
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <StatePanel
      compact={compact}
      kind="empty"
      title={title}
      actions={
        <Link {...areaLinks.campaigns} className={buttonClassName('primary')}>
          Go to Campaigns
        </Link>
      }
    >
      {children}
    </StatePanel>
  );
}
