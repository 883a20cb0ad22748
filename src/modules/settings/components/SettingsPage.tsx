import type { ReactNode } from 'react';
import type { SettingsPage as Page } from '../../../../domain/settingsAccess.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { SettingsNav } from './SettingsNav.tsx';
import './settings.css';

/** /settings/{page}/{tab}: the settings area's frame, its pages' navigation beside the page shown. */
export function SettingsPage({
  page,
  canExportWidget,
  children,
}: {
  page: Page;
  canExportWidget: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your organisation's sender addresses, your profile, your team and your plan."
      />
      <div className="settings">
        <SettingsNav current={page} canExportWidget={canExportWidget} />
        <div className="settings__page">{children}</div>
      </div>
    </>
  );
}
