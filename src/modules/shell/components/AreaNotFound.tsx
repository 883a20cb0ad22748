import { Link, type LinkProps } from '@tanstack/react-router';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';

type Props = { area: string; path: string; home: LinkProps };

/** An address inside a built area that leads nowhere: says so, inside the workbench, and leads back. */
export function AreaNotFound({ area, path, home }: Props) {
  return (
    <>
      <PageHeader title={area} />
      <StatePanel
        kind="info"
        title="This page does not exist"
        actions={
          <Link {...home} className={buttonClassName()}>
            Go to {area}
          </Link>
        }
      >
        {area} has no page at <code>{path}</code>. The address may be mistyped, or the page has moved.
      </StatePanel>
    </>
  );
}
