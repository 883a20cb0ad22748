import { useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { areaLinks } from '../../../router/routeTable.ts';
import { AreaNotFound } from '../../shell/components/AreaNotFound.tsx';
import { BeingBuiltPage } from '../../shell/components/BeingBuiltPage.tsx';
import { type AudienceSection, audienceSectionOf } from '../audienceSections.ts';
import { AudienceNav } from './AudienceNav.tsx';
import { AccountsPage } from './accounts/AccountsPage.tsx';
import { ConsentLedgerPage } from './ConsentLedgerPage.tsx';
import { PeoplePage, peopleTabOf } from './people/PeoplePage.tsx';

type Params = { page?: string; tab?: string; subTab?: string };

/** What each section shows; a section not built yet says so plainly. */
const SECTION_PAGES: Record<AudienceSection, (params: Params) => ReactNode> = {
  people: (params) => <PeopleSection tab={params.tab} />,
  accounts: () => <AccountsPage />,
  lists: () => (
    <BeingBuiltPage title="Lists" purpose="Lists of contacts that campaigns and workflows send to." />
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

/** People of a tab; ?account_id= shows one account's contacts (the Accounts screen links here). */
function PeopleSection({ tab }: { tab: string | undefined }) {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const raw = Number(search.account_id);
  const accountId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const peopleTab = peopleTabOf(tab);
  // A new account or tab starts a fresh screen (its own search, filters and selection).
  return <PeoplePage key={`${accountId}`} tab={peopleTab} accountId={accountId} />;
}

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
