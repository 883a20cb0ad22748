import { Link } from '@tanstack/react-router';
import { permissionBackLink } from '../../../../domain/permissionBackLink.ts';
import { errorStore } from '../../../api/errorStore.ts';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';

/**
 * /permission_denied?error={code}: the signed-in person may not open what they asked for. The way back
 * leads to where the refusal came from (the workflow list after a refused workflow, …), not always to
 * campaigns.
 */
export function PermissionDeniedPage({ code }: { code: string | undefined }) {
  const back = permissionBackLink(errorStore.redirectTarget());
  return (
    <StatePanel
      kind="error"
      title="You don’t have permission to see this"
      actions={
        <Link href={back.href} to={back.href} className={buttonClassName()}>
          {back.label}
        </Link>
      }
    >
      Your account can’t open that page or item. Ask an administrator of your organisation if you need access.
      {code ? ` (Error ${code}.)` : ''}
    </StatePanel>
  );
}
