import { useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FEATURE_MISSING_TEXT } from '../../../../domain/featureFlags.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import type { AudienceSection } from '../audienceSections.ts';
import { FormsPage } from '../forms/FormsPage.tsx';
import { GroupsPage } from '../groups/GroupsPage.tsx';
import { ImportContactsPage } from '../import/ImportContactsPage.tsx';
import { AudienceNav } from './AudienceNav.tsx';
import { AccountsPage } from './accounts/AccountsPage.tsx';
import { ConsentLedgerPage } from './ConsentLedgerPage.tsx';
import { FindPeoplePage } from './find/FindPeoplePage.tsx';
import { ListDetailsPage } from './lists/ListDetailsPage.tsx';
import { ListsPage } from './lists/ListsPage.tsx';
import { PeoplePage, peopleTabOf } from './people/PeoplePage.tsx';

type Params = { page?: string; tab?: string; subTab?: string };

/** The consent proof, opened for one recipient when the address names them (?unsub_id=). */
function ConsentSection() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const unsubId = typeof search.unsub_id === 'string' ? search.unsub_id : null;
  return <ConsentLedgerPage unsubId={unsubId} />;
}

/** What each section shows; a section not built yet says so plainly. */
const SECTION_PAGES: Record<AudienceSection, (params: Params) => ReactNode> = {
  people: (params) => <PeopleSection tab={params.tab} />,
  accounts: () => <AccountsPage />,
  lists: (params) =>
    params.tab === 'view' ? (
      <ListDetailsPage />
    ) : params.tab === 'import' ? (
      <ImportContactsPage />
    ) : (
      <ListsPage />
    ),
  forms: (params) => <FormsPage tab={params.tab} />,
  groups: () => <GroupsPage />,
  consent: () => <ConsentSection />,
  search: () => <FindSection />,
};

/** Find people; ?list_id= names the list they are added to (/audiences/add?list_id=…). */
function FindSection() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const raw = Number(search.list_id);
  const listId = Number.isInteger(raw) && raw > 0 ? raw : null;
  return <FindPeoplePage key={`${listId}`} listId={listId} />;
}

/** People of a tab; ?account_id= shows one account's contacts (the Accounts screen links here). */
function PeopleSection({ tab }: { tab: string | undefined }) {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const raw = Number(search.account_id);
  const accountId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const peopleTab = peopleTabOf(tab);
  // A new account or tab starts a fresh screen (its own search, filters and selection).
  return <PeoplePage key={`${accountId}`} tab={peopleTab} accountId={accountId} />;
}

/**
 * /audiences/{page}/{tab}/{subTab}: the audience area, its section navigation above the section (the
 * router answers an unknown section with the area's not-found page).
 */
export function AudiencesPage({
  section,
  params,
  salesUsage,
}: {
  section: AudienceSection;
  params: Params;
  /** Whether the user's plan includes sales groups (null while the user is not known yet). */
  salesUsage: boolean | null;
}) {
  return (
    <>
      <AudienceNav current={section} hidden={salesUsage === true ? [] : ['groups']} />
      {section === 'groups' && salesUsage !== true ? (
        salesUsage === null ? (
          <StatePanel kind="loading" title="Checking your plan…" />
        ) : (
          <StatePanel kind="info" title="Sales groups are not in your plan">
            <p>{FEATURE_MISSING_TEXT.sales_usage}</p>
          </StatePanel>
        )
      ) : (
        SECTION_PAGES[section](params)
      )}
    </>
  );
}
