import { useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BeingBuiltPage } from '../../shell/components/BeingBuiltPage.tsx';
import type { AudienceSection } from '../audienceSections.ts';
import { FormsPage } from '../forms/FormsPage.tsx';
import { GroupsPage } from '../groups/GroupsPage.tsx';
import { AudienceNav } from './AudienceNav.tsx';
import { ConsentLedgerPage } from './ConsentLedgerPage.tsx';

type Params = { page?: string; tab?: string; subTab?: string };

/** The consent proof, opened for one recipient when the address names them (?unsub_id=). */
function ConsentSection() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const unsubId = typeof search.unsub_id === 'string' ? search.unsub_id : null;
  return <ConsentLedgerPage unsubId={unsubId} />;
}

/** What each section shows; a section not built yet says so plainly. */
const SECTION_PAGES: Record<AudienceSection, (params: Params) => ReactNode> = {
  people: () => (
    <BeingBuiltPage
      title="People"
      purpose="Find, filter and act on your contacts: All, Profiled and Unprofiled, with personality types and buyer stages."
    />
  ),
  accounts: () => (
    <BeingBuiltPage title="Accounts" purpose="The companies your contacts work for, with their engagement." />
  ),
  lists: () => (
    <BeingBuiltPage title="Lists" purpose="Lists of contacts that campaigns and workflows send to." />
  ),
  forms: (params) => <FormsPage tab={params.tab} />,
  groups: () => <GroupsPage />,
  consent: () => <ConsentSection />,
};

/**
 * /audiences/{page}/{tab}/{subTab}: the audience area, its section navigation above the section (the
 * router answers an unknown section with the area's not-found page).
 */
export function AudiencesPage({ section, params }: { section: AudienceSection; params: Params }) {
  return (
    <>
      <AudienceNav current={section} />
      {SECTION_PAGES[section](params)}
    </>
  );
}
