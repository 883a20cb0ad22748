import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { canOpenSettingsPage, type SettingsPage, settingsPageOf } from '../../domain/settingsAccess.ts';
import { SenderAddressesPage } from '../modules/settings/components/SenderAddressesPage.tsx';
import { SettingsPage as SettingsFrame } from '../modules/settings/components/SettingsPage.tsx';
import { AreaNotFound } from '../modules/shell/components/AreaNotFound.tsx';
import { BeingBuiltPage } from '../modules/shell/components/BeingBuiltPage.tsx';
import { StatePanel } from '../ui/StatePanel.tsx';
import { areaLinks } from './routeTable.ts';
import { sendToPermissionDenied } from './sendToPermissionDenied.ts';
import { useExportWidgetPermission } from './useExportWidgetPermission.ts';

/** What the settings pages another release builds are for (shown plainly as "being built"). */
const BEING_BUILT: Record<Exclude<SettingsPage, 'sender_addresses'>, { title: string; purpose: string }> = {
  profile: { title: 'Profile', purpose: 'Your name, your email address, your password and your time zone.' },
  team: { title: 'Team', purpose: 'Invite colleagues into your organisation and choose who administers it.' },
  plan: { title: 'Plan', purpose: "Your organisation's plan, its limits and its invoices." },
  export_widget: {
    title: 'Export widget',
    purpose: "Defaults for your campaigns' promo export widget and where it may be embedded.",
  },
};

/**
 * /settings/{page?}/{tab?}: every signed-in user's settings (sender addresses, profile, team, plan). The
 * export widget page needs export_widget_permission: without it, a permission error (back to /campaigns,
 * then /permission_denied?error=403). An unknown page is the area's not-found page.
 */
export function SettingsGate({ page: requested }: { page: string | undefined }) {
  const router = useRouter();
  const canExportWidget = useExportWidgetPermission();
  const page = settingsPageOf(requested);
  const allowed =
    page === null || canExportWidget === null
      ? null
      : canOpenSettingsPage(page, { export_widget_permission: canExportWidget });

  useEffect(() => {
    if (allowed === false) void sendToPermissionDenied(router);
  }, [allowed, router]);

  if (page === null)
    return <AreaNotFound area="Settings" path={`/settings/${requested}`} home={areaLinks.settings} />;
  if (allowed !== true || canExportWidget === null)
    return <StatePanel kind="loading" title="Checking your access…" />;
  return (
    <SettingsFrame page={page} canExportWidget={canExportWidget}>
      {page === 'sender_addresses' ? (
        <SenderAddressesPage />
      ) : (
        <BeingBuiltPage embedded title={BEING_BUILT[page].title} purpose={BEING_BUILT[page].purpose} />
      )}
    </SettingsFrame>
  );
}
