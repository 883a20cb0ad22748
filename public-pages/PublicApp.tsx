import { publicPagePath } from '../src/domain/publicPagePath.ts';
import { NotValidPage } from './NotValidPage.tsx';
import { PreferencePage } from './PreferencePage.tsx';
import type { PreferenceClient } from './preferenceClient.ts';
import type { Navigate } from './publicNavigation.ts';
import { ResubscribePage } from './ResubscribePage.tsx';
import { SuccessPage } from './SuccessPage.tsx';
import { UnsubscribePage } from './UnsubscribePage.tsx';

export type PublicAppProps = { pathname: string; client: PreferenceClient; navigate: Navigate };

/** The public pages' path switch (no router library): pure props in, one page out. */
export function PublicApp({ pathname, client, navigate }: PublicAppProps) {
  const page = publicPagePath(pathname);
  switch (page.page) {
    case 'preferences':
      return <PreferencePage key={pathname} unsubId={page.unsubId} client={client} navigate={navigate} />;
    case 'unsubscribe':
      return <UnsubscribePage key={pathname} unsubId={page.unsubId} client={client} navigate={navigate} />;
    case 'resubscribe':
      return <ResubscribePage key={pathname} unsubId={page.unsubId} client={client} navigate={navigate} />;
    case 'success':
      return <SuccessPage />;
    default:
      return <NotValidPage />;
  }
}
