import { useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BeingBuiltPage } from '../modules/shell/components/BeingBuiltPage.tsx';

const VIEW_PARAMS = ['page', 'tab', 'subTab'] as const;

/** The "being built" page of an area, naming the sub-view the address asked for (e.g. editionedit › design). */
export function AreaBeingBuiltPage({
  title,
  purpose,
  ready,
}: {
  title: string;
  purpose: string;
  ready?: ReactNode;
}) {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const view = VIEW_PARAMS.map((name) => params[name]).filter((part): part is string => Boolean(part));
  return (
    <BeingBuiltPage
      title={title}
      purpose={purpose}
      detail={view.length > 0 ? `You asked for “${view.join(' › ')}”.` : undefined}
      ready={ready}
    />
  );
}
