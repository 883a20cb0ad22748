import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ReactNode, useCallback, useEffect } from 'react';
import { canOpenSettingsPage, type SettingsPage, settingsPageOf } from '../../domain/settingsAccess.ts';
import type { UserData } from '../../domain/userData.ts';
import { ExportWidgetSettingsPage } from '../modules/settings/components/ExportWidgetSettingsPage.tsx';
import { PlanPage } from '../modules/settings/components/PlanPage.tsx';
import { ProfilePage } from '../modules/settings/components/ProfilePage.tsx';
import { SenderAddressesPage } from '../modules/settings/components/SenderAddressesPage.tsx';
import { SettingsPage as SettingsFrame } from '../modules/settings/components/SettingsPage.tsx';
import { TeamPage } from '../modules/settings/components/TeamPage.tsx';
import { useCurrentUserActor } from '../modules/shared/hooks/CurrentUserContext.ts';
import { AreaNotFound } from '../modules/shell/components/AreaNotFound.tsx';
import { StatePanel } from '../ui/StatePanel.tsx';
import { areaLinks } from './routeTable.ts';
import { sendToPermissionDenied } from './sendToPermissionDenied.ts';

/** The page of the settings area the address names, given the signed-in user. */
function pageOf(page: SettingsPage, user: UserData, onNameChanged: () => void): ReactNode {
  switch (page) {
    case 'sender_addresses':
      return <SenderAddressesPage />;
    case 'profile':
      return <ProfilePage user={user} onNameChanged={onNameChanged} />;
    case 'team':
      return <TeamPage />;
    case 'plan':
      return <PlanPage userEmail={user.user_email} />;
    case 'export_widget':
      return <ExportWidgetSettingsPage />;
  }
}

/**
 * /settings/{page?}/{tab?}: every signed-in user's settings (sender addresses, profile, team, plan). The
 * export widget page needs export_widget_permission: without it, a permission error (back to /campaigns,
 * then /permission_denied?error=403). An unknown page is the area's not-found page.
 */
export function SettingsGate({ page: requested }: { page: string | undefined }) {
  const router = useRouter();
  const actor = useCurrentUserActor();
  const user = useSelector(actor, (s) => s.context.user);
  const page = settingsPageOf(requested);
  const allowed = page === null || user === null ? null : canOpenSettingsPage(page, user);
  const reloadUser = useCallback(() => actor.send({ type: 'user.reload' }), [actor]);

  useEffect(() => {
    if (allowed === false) void sendToPermissionDenied(router);
  }, [allowed, router]);

  if (page === null)
    return <AreaNotFound area="Settings" path={`/settings/${requested}`} home={areaLinks.settings} />;
  if (allowed !== true || user === null) return <StatePanel kind="loading" title="Checking your access…" />;
  return (
    <SettingsFrame page={page} canExportWidget={user.export_widget_permission}>
      {pageOf(page, user, reloadUser)}
    </SettingsFrame>
  );
}
