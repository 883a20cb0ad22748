import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  CAMPAIGN_NAME_EXISTS,
  CAMPAIGN_PAGE_SIZE,
  MAX_CAMPAIGN_NAME,
} from '../../../../domain/campaignSchemas.ts';
import type { CampaignSummary, CampaignsPage, CampaignUser } from '../../../../domain/campaigns.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { Select } from '../../../ui/Select.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useToast } from '../../../ui/useToast.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { usePagedList } from '../../shared/hooks/usePagedList.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import {
  appendCampaignsPage,
  type CampaignListView,
  insertCampaignCloneAfter,
  moveCampaignToTop,
  removeCampaign,
  viewFromCampaignsPage,
} from '../utils/campaignListView.ts';
import { CampaignCard } from './CampaignCard.tsx';
import { DeleteCampaignDialog } from './DeleteCampaignDialog.tsx';
import { NameDialog } from './NameDialog.tsx';
import './campaigns.css';
import { countOf } from '../../../../domain/countOf.ts';

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
const LOAD_ERROR_TITLE = 'Your campaigns could not be loaded';

/**
 * /campaigns: the organisation's campaigns, 8 at a time (Load more appends), in their place (new or
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
  const userRef = useRef(userId);
  userRef.current = userId;
  const paged = usePagedList<TypeFilter, string, CampaignsPage>({
    name: 'campaigns',
    filters: TYPE_FILTERS,
    pageSize: CAMPAIGN_PAGE_SIZE,
    load: (query, signal) =>
      api.listCampaigns(
        {
          offset: query.offset,
          limit: query.limit,
          search: query.q,
          emailType: TYPE_VALUES[query.filter],
          userId: userRef.current,
        },
        signal,
      ),
    append: appendCampaignsPage,
  });
  const { query, reload } = paged;
  const users = useLoad<null, CampaignUser[]>((_, signal) => api.users(signal), 'campaignUsers');
  const loadUsers = users.load;
  useEffect(() => loadUsers(null), [loadUsers]);
  // A new by-User choice loads from the first page.
  const firstUser = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the user filter alone starts a new load
  useEffect(() => {
    if (firstUser.current) {
      firstUser.current = false;
      return;
    }
    reload(0);
  }, [userId]);

  const [view, setView] = useState<CampaignListView | null>(null);
  const [renaming, setRenaming] = useState<CampaignSummary | null>(null);
  const [deleting, setDeleting] = useState<CampaignSummary | null>(null);
  const [cloningId, setCloningId] = useState<number | null>(null);
  const clone = useRequest<number, { originalId: number; copy: CampaignSummary }>(
    async (id, signal) => ({ originalId: id, copy: await api.cloneCampaign(id, signal) }),
    'cloneCampaign',
  );

  useEffect(() => {
    if (paged.data) setView(viewFromCampaignsPage(paged.data));
  }, [paged.data]);

  const toastRef = useRef(toast);
  toastRef.current = toast;
  useEffect(() => {
    if (clone.status === 'success' && clone.data) {
      const { originalId, copy } = clone.data;
      setView((current) => (current ? insertCampaignCloneAfter(current, originalId, copy) : current));
      toastRef.current.show({
        tone: 'success',
        message: `“${copy.campaign_name}” was added after the original.`,
      });
      setCloningId(null);
    } else if (clone.status === 'failure' && clone.error) {
      toastRef.current.show({ tone: 'error', message: clone.error.message });
      setCloningId(null);
    }
  }, [clone.status, clone.data, clone.error]);

  const newLink = (
    <Link to="/createcampaign" className={buttonClassName('primary')}>
      New campaign
    </Link>
  );
  const filtered = query.q !== '' || query.filter !== 'all' || userId !== null;

  let body: ReactNode;
  if (paged.status === 'failure' && paged.error && !view) {
    body = <LoadErrorPanel title={LOAD_ERROR_TITLE} message={paged.error.message} onRetry={() => reload()} />;
  } else if (!view) {
    body = <StatePanel kind="loading" title="Loading your campaigns…" />;
  } else if (view.total === 0 && !filtered) {
    body = (
      <StatePanel kind="empty" title="No campaigns yet" actions={newLink}>
        A campaign holds the emails you build from curated content and send to your audience.
      </StatePanel>
    );
  } else if (view.campaigns.length === 0) {
    body = (
      <StatePanel kind="empty" title="No campaigns match" compact>
        {query.q ? `No campaign name contains “${query.q}”.` : 'No campaign matches these filters.'}
      </StatePanel>
    );
  } else {
    body = (
      <>
        {paged.status === 'failure' && paged.error ? (
          <LoadErrorPanel
            compact
            title={LOAD_ERROR_TITLE}
            message={paged.error.message}
            onRetry={() => reload()}
          />
        ) : null}
        <ul className="campaign-cards" aria-label="Campaigns" aria-busy={paged.status === 'loading'}>
          {view.campaigns.map((campaign) => (
            <CampaignCard
              key={campaign.campaign_id}
              campaign={campaign}
              cloning={cloningId === campaign.campaign_id}
              onRename={() => setRenaming(campaign)}
              onClone={() => {
                setCloningId(campaign.campaign_id);
                clone.submit(campaign.campaign_id);
              }}
              onDelete={() => setDeleting(campaign)}
            />
          ))}
        </ul>
        {view.campaigns.length < view.total ? (
          <div className="campaigns-page__more">
            <Button
              variant="secondary"
              loading={paged.status === 'loading'}
              onClick={() => paged.setOffset(view.campaigns.length)}
            >
              Load more campaigns
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  const counts = paged.data;
  return (
    <div className="campaigns-page">
      <PageHeader
        eyebrow="Campaigns"
        title="Campaigns"
        description="Campaigns hold the emails you build from curated content, with their editions."
        actions={newLink}
      />
      <div className="campaigns-page__toolbar">
        <TextField
          label="Search campaigns"
          type="search"
          value={paged.searchText}
          onChange={(event) => paged.setSearchText(event.target.value)}
          autoComplete="off"
        />
        <Select
          label="Email type"
          value={query.filter}
          onChange={(event) => paged.setFilter(event.target.value as TypeFilter)}
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
        {view ? (
          <p className="campaigns-page__count" data-testid="campaigns-total">
            {countOf(view.total, 'campaign', 'campaigns')}
            {counts ? ` · ${countOf(counts.total_emails_count, 'email', 'emails')}` : ''}
          </p>
        ) : null}
      </div>
      {body}
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
          setView((current) => (current ? moveCampaignToTop(current, saved) : current));
          toast.show({ tone: 'success', message: `Renamed to “${saved.campaign_name}”.` });
        }}
      />
      <DeleteCampaignDialog
        campaign={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(campaignId) => {
          const name = deleting?.campaign_name ?? 'The campaign';
          setDeleting(null);
          setView((current) => (current ? removeCampaign(current, campaignId) : current));
          toast.show({ tone: 'success', message: `“${name}” was deleted.` });
        }}
      />
    </div>
  );
}
