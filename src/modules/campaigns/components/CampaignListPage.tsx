import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import {
  CAMPAIGN_NAME_EXISTS,
  CAMPAIGN_PAGE_SIZE,
  MAX_CAMPAIGN_NAME,
} from '../../../../domain/campaignSchemas.ts';
import type { CampaignSummary, CampaignsPage, CampaignUser } from '../../../../domain/campaigns.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { Select } from '../../../ui/Select.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useToast } from '../../../ui/useToast.ts';
import { CardListPage } from '../../shared/components/CardListPage.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useListClone } from '../../shared/hooks/useListClone.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { countedRows, usePagedList } from '../../shared/hooks/usePagedList.ts';
import { addFirst, removeRow } from '../../shared/utils/pagedRows.ts';
import { campaignKey, zeroedCopy } from '../utils/campaignListView.ts';
import { CampaignCard } from './CampaignCard.tsx';
import { DeleteCampaignDialog } from './DeleteCampaignDialog.tsx';
import { FirstCampaignPanel } from './FirstCampaignPanel.tsx';
import { NameDialog } from './NameDialog.tsx';
import './campaigns.css';

/** The email type filter (spec 02 section 9): all, adhoc=1, digest=0, aiEmail=2. */
const TYPE_FILTERS = ['all', 'adhoc', 'digest', 'aiEmail'] as const;
type TypeFilter = (typeof TYPE_FILTERS)[number];
const TYPE_LABELS: Record<TypeFilter, string> = {
  all: 'All Types',
  adhoc: 'Ad hoc Emails',
  digest: 'Digest Emails',
  aiEmail: 'AI Emails',
};
const TYPE_VALUES: Record<TypeFilter, string> = { all: 'all', adhoc: '1', digest: '0', aiEmail: '2' };

/**
 * /campaigns: the organisation's campaigns, 8 at a time (Show more appends), in their place (new or
 * changed on top, a clone right after its original), with totals in K/M/B. Search (debounced), email type
 * and by-User filters live in the address (?q=&filter=&user_id=). Rename, clone and delete (confirmed,
 * naming what goes with it).
 */
export function CampaignListPage() {
  const api = useServices().campaignApi;
  const toast = useToast();
  const router = useRouter();
  const search = useSearch({ strict: false }) as { user_id?: string };
  const userId = search.user_id && /^\d+$/.test(search.user_id) ? Number(search.user_id) : null;
  const list = usePagedList<CampaignsPage, CampaignSummary, TypeFilter>({
    mode: 'url',
    name: 'campaigns',
    filters: TYPE_FILTERS,
    pageSize: CAMPAIGN_PAGE_SIZE,
    // A new by-User choice loads from the first page.
    key: String(userId),
    load: (query, signal) =>
      api.listCampaigns(
        {
          offset: query.offset,
          limit: query.limit,
          search: query.q,
          emailType: TYPE_VALUES[query.filter],
          userId,
        },
        signal,
      ),
    ...countedRows(campaignKey),
  });
  const { query, edit } = list;
  const users = useLoad<null, CampaignUser[]>((_, signal) => api.users(signal), 'campaignUsers');
  const loadUsers = users.load;
  useEffect(() => loadUsers(null), [loadUsers]);

  const [renaming, setRenaming] = useState<CampaignSummary | null>(null);
  const [deleting, setDeleting] = useState<CampaignSummary | null>(null);
  const clone = useListClone(edit, {
    name: 'cloneCampaign',
    clone: (id, signal) => api.cloneCampaign(id, signal),
    key: campaignKey,
    nameOf: (copy) => copy.campaign_name,
    shown: zeroedCopy,
  });

  const newLink = (
    <Link to="/createcampaign" className={buttonClassName('primary')}>
      New campaign
    </Link>
  );
  const emails = list.latest?.total_emails_count;
  return (
    <CardListPage
      header={{
        eyebrow: 'Campaigns',
        title: 'Campaigns',
        description: 'Campaigns hold the emails you build from curated content, with their editions.',
        actions: newLink,
      }}
      list={list}
      searchLabel="Search campaigns"
      filters={
        <>
          <Select
            label="Email type"
            value={query.filter}
            onChange={(event) => list.setFilter(event.target.value as TypeFilter)}
            options={TYPE_FILTERS.map((f) => ({ value: f, label: TYPE_LABELS[f] }))}
          />
          <Select
            label="By User"
            value={userId === null ? '' : String(userId)}
            onChange={(event) =>
              void router.navigate({
                to: '.',
                search: (previous: Record<string, unknown>) => ({
                  ...previous,
                  user_id: event.target.value || undefined,
                  offset: undefined,
                }),
                replace: true,
                resetScroll: false,
              } as never)
            }
            options={[
              { value: '', label: 'All users' },
              ...(users.data ?? []).map((u) => ({ value: String(u.user_id), label: u.name })),
            ]}
          />
        </>
      }
      count={`${countOf(list.total, 'campaign', 'campaigns')}${
        emails === undefined ? '' : ` · ${countOf(emails, 'email', 'emails')}`
      }`}
      countTestId="campaigns-total"
      noun={['campaign', 'campaigns']}
      cardsLabel="Campaigns"
      loadingTitle="Loading your campaigns…"
      loadErrorTitle="Your campaigns could not be loaded"
      filtered={query.q !== '' || query.filter !== 'all' || userId !== null}
      nothingYet={<FirstCampaignPanel action={newLink} />}
      noMatch={
        <StatePanel kind="empty" title="No campaigns match" compact>
          {query.q ? `No campaign name contains “${query.q}”.` : 'No campaign matches these filters.'}
        </StatePanel>
      }
      renderCard={(campaign) => (
        <CampaignCard
          key={campaign.campaign_id}
          campaign={campaign}
          cloning={clone.cloningId === campaign.campaign_id}
          onRename={() => setRenaming(campaign)}
          onClone={() => clone.start(campaign.campaign_id)}
          onDelete={() => setDeleting(campaign)}
        />
      )}
    >
      <NameDialog<CampaignSummary>
        target={renaming ? { name: renaming.campaign_name } : null}
        title="Rename campaign"
        label="Campaign name"
        max={MAX_CAMPAIGN_NAME}
        nameExists={CAMPAIGN_NAME_EXISTS}
        requestName="renameCampaign"
        save={(name, signal) => api.renameCampaign({ campaignId: renaming?.campaign_id ?? 0, name }, signal)}
        onClose={() => setRenaming(null)}
        onSaved={(saved) => {
          setRenaming(null);
          edit((draft) => addFirst(draft, saved, campaignKey));
          toast.show({ tone: 'success', message: `Renamed to “${saved.campaign_name}”.` });
        }}
      />
      <DeleteCampaignDialog
        campaign={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(campaignId) => {
          const name = deleting?.campaign_name ?? 'The campaign';
          setDeleting(null);
          edit((draft) => removeRow(draft, campaignId, campaignKey));
          toast.show({ tone: 'success', message: `“${name}” was deleted.` });
        }}
      />
    </CardListPage>
  );
}
