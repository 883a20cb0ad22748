import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { LineIcon } from '../../../ui/LineIcon.tsx';
import { Menu, type MenuItem } from '../../../ui/Menu.tsx';
import { useCurrentUserActor } from '../../shared/hooks/CurrentUserContext.ts';
import type { PageTour } from '../../shared/utils/pageTour.ts';
import { appSessionActor } from '../hooks/appSessionActor.ts';
import { downloadSessionLog } from '../hooks/downloadSessionLog.ts';
import './UserMenu.css';

const OUTBOX_ICON = (
  <LineIcon d="M3 5.5A1.5 1.5 0 0 1 4.5 4h11A1.5 1.5 0 0 1 17 5.5v9a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 3 14.5v-9Zm1.2.3 5.8 4.6 5.8-4.6" />
);

const SUPPORT_ICON = (
  <LineIcon d="M4 5.5A1.5 1.5 0 0 1 5.5 4h9A1.5 1.5 0 0 1 16 5.5v6a1.5 1.5 0 0 1-1.5 1.5H9l-3.5 3v-3A1.5 1.5 0 0 1 4 11.5v-6Z" />
);

const DOWNLOAD_ICON = (
  <LineIcon d="M10 3.5v9m0 0-3.5-3.5M10 12.5l3.5-3.5M4 14.5v1A1.5 1.5 0 0 0 5.5 17h9a1.5 1.5 0 0 0 1.5-1.5v-1" />
);

const TOUR_ICON = (
  <LineIcon d="M7.5 7.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M10 14.5v.01M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16z" />
);

const SIGN_OUT_ICON = <LineIcon d="M8 4H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3m4-3 3-3-3-3m3 3H8" />;

function initials(first: string, last: string): string {
  return `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase() || '?';
}

/** Who is signed in, the page's tour (when it has one), the outbox for internal admins, and sign-out. */
export function UserMenu({ pageTour = null }: { pageTour?: PageTour | null }) {
  const actor = useCurrentUserActor();
  const user = useSelector(actor, (s) => s.context.user);
  const navigate = useNavigate();

  if (!user) {
    return (
      <div className="user-menu__placeholder" aria-hidden="true">
        <span className="user-menu__avatar user-menu__avatar--loading" />
        <span className="user-menu__bar" />
      </div>
    );
  }

  const fullName = `${user.first_name} ${user.last_name}`.trim();
  const items: MenuItem[] = [];
  if (pageTour)
    items.push({ id: 'page-tour', label: pageTour.label, icon: TOUR_ICON, onSelect: pageTour.take });
  if (user.internal_user_level >= 1) {
    items.push({
      id: 'outbox',
      label: 'Outbox',
      icon: OUTBOX_ICON,
      onSelect: () => void navigate({ to: '/admin/outbox' }),
    });
    items.push({
      id: 'support-messages',
      label: 'Support messages',
      icon: SUPPORT_ICON,
      onSelect: () => void navigate({ to: '/admin/support' }),
    });
  }
  items.push({
    id: 'session-log',
    label: 'Download session log',
    icon: DOWNLOAD_ICON,
    onSelect: downloadSessionLog,
  });
  items.push({
    id: 'sign-out',
    label: 'Sign out',
    icon: SIGN_OUT_ICON,
    tone: 'danger',
    // The one logout event: the session actor resets every actor (this one then calls logout/).
    onSelect: () => appSessionActor.send({ type: 'session.signOut' }),
  });

  return (
    <Menu
      label={`Account: ${fullName}`}
      triggerClassName="user-menu__trigger"
      trigger={
        <>
          <span className="user-menu__avatar" aria-hidden="true">
            {initials(user.first_name, user.last_name)}
          </span>
          <span className="user-menu__name" data-testid="user-name">
            {fullName}
          </span>
          <svg className="user-menu__chevron" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path
              d="m4 6 4 4 4-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
            />
          </svg>
        </>
      }
      header={
        <div className="user-menu__who">
          <span className="user-menu__who-name">{fullName}</span>
          <span className="user-menu__who-email">{user.user_email}</span>
          <span className="user-menu__who-org">
            {user.organisation.name}
            {user.internal_user_level >= 1 ? <span className="user-menu__tag">Internal admin</span> : null}
          </span>
        </div>
      }
      items={items}
    />
  );
}
