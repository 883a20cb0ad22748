import type { ReactNode } from 'react';
import { areaLinks } from '../../../router/routeTable.ts';
import { AreaNotFound } from '../../shell/components/AreaNotFound.tsx';
import { BeingBuiltPage } from '../../shell/components/BeingBuiltPage.tsx';
import { type AudienceSection, audienceSectionOf } from '../audienceSections.ts';
import { ImportContactsPage } from '../import/ImportContactsPage.tsx';
import { AudienceNav } from './AudienceNav.tsx';
import { ConsentLedgerPage } from './ConsentLedgerPage.tsx';
import { ListDetailsPage } from './lists/ListDetailsPage.tsx';
import { ListsPage } from './lists/ListsPage.tsx';

type Params = { page?: string; tab?: string; subTab?: string };

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
  lists: (params) =>
    params.tab === 'view' ? (
      <ListDetailsPage />
    ) : params.tab === 'import' ? (
      <ImportContactsPage />
    ) : (
      <ListsPage />
    ),
  forms: () => (
    <BeingBuiltPage
      title="Forms"
      purpose="Hosted sign-up forms that bring contacts into a list, with consent."
    />
  ),
  groups: () => <BeingBuiltPage title="Sales groups" purpose="Groups of your organisation's users." />,
  consent: () => <ConsentLedgerPage />,
};

/** /audiences/{page}/{tab}/{subTab}: the audience area, its section navigation above the section. */
export function AudiencesPage({ params }: { params: Params }) {
  const section = audienceSectionOf(params.page);
  if (section === null)
    return <AreaNotFound area="Audiences" path={`/audiences/${params.page}`} home={areaLinks.audiences} />;
  return (
    <>
      <AudienceNav current={section} />
      {SECTION_PAGES[section](params)}
    </>
  );
}
