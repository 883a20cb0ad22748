import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { canOpenSettings } from '../../domain/settingsAccess.ts';
import { useCurrentUserActor } from '../modules/shell/hooks/CurrentUserContext.ts';
import { StatePanel } from '../ui/StatePanel.tsx';
import { AreaBeingBuiltPage } from './AreaBeingBuiltPage.tsx';
import { sendToPermissionDenied } from './sendToPermissionDenied.ts';

/**
 * /settings/{page?}/{tab?}: only for users with export_widget_permission. Without it, a permission error:
 * back to /campaigns, then /permission_denied?error=403.
 */
export function SettingsGate() {
  const router = useRouter();
  const actor = useCurrentUserActor();
  const allowed = useSelector(actor, (s) => (s.context.user ? canOpenSettings(s.context.user) : null));

  useEffect(() => {
    if (allowed === false) void sendToPermissionDenied(router);
  }, [allowed, router]);

  if (allowed !== true) return <StatePanel kind="loading" title="Checking your access…" />;
  return (
    <AreaBeingBuiltPage
      title="Settings"
      purpose="Manage your account, your organisation and its integrations."
    />
  );
}
