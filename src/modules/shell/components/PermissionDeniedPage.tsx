import { Link } from '@tanstack/react-router';
import { areaLinks } from '../../../router/routeTable.ts';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';

/** /permission_denied?error={code}: the signed-in person may not open what they asked for. */
export function PermissionDeniedPage({ code }: { code: string | undefined }) {
  return (
    <StatePanel
      kind="error"
      title="You don’t have permission to see this"
      actions={
        <Link {...areaLinks.campaigns} className={buttonClassName()}>
          Go to campaigns
        </Link>
      }
    >
      Your account can’t open that page or item. Ask an administrator of your organisation if you need access.
      {code ? ` (Error ${code}.)` : ''}
    </StatePanel>
  );
}
