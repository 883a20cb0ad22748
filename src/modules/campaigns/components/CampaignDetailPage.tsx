import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import {
  CAMPAIGN_NAME_EXISTS,
  EMAIL_NAME_EXISTS,
  MAX_CAMPAIGN_NAME,
  MAX_EMAIL_NAME,
} from '../../../../domain/campaignSchemas.ts';
import type { CampaignDetails, CampaignEmail, CampaignSummary } from '../../../../domain/campaigns.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { areaLinks } from '../../../router/routeTable.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { Tabs } from '../../../ui/Tabs.tsx';
import { useToast } from '../../../ui/useToast.ts';
import { CardGrid } from '../../shared/components/CardGrid.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useConfirmedRequest } from '../../shared/hooks/useConfirmedRequest.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { newAiEmailLink } from '../ai/aiEmailLinks.ts';
import { aiEmailGroups } from '../utils/aiEmailGroups.ts';
import { AiEmailGroups } from './AiEmailGroups.tsx';
import { CampaignGraph } from './CampaignGraph.tsx';
import { CampaignSourcesSummary } from './CampaignSourcesSummary.tsx';
import { CreateEmailDialog } from './CreateEmailDialog.tsx';
import { EmailCard } from './EmailCard.tsx';
import { ExportWidgetDialog } from './ExportWidgetDialog.tsx';
import { NameDialog } from './NameDialog.tsx';
import './campaigns.css';

const TABS = [
  { id: 'draft', label: 'Draft' },
  { id: 'sent', label: 'Sent' },
  { id: 'test', label: 'Test' },
  { id: 'scheduled', label: 'Scheduled' },
  { id: 'all', label: 'All' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * /campaigns/campaign?campaign_id=…: a campaign's emails by edition state (Draft, Sent, Test, Scheduled,
 * All), each with its editions, AI emails' variants grouped by AI email; create an email (digest or ad
 * hoc, new or a copy, or a New AI email), rename, clone, delete,
 * new edition, delete edition; the graph of sends, opens and clicks per day; the promo export widget
 * (?exportPopup=true; its button only for users with export_widget_permission).
 */
export function CampaignDetailPage({
  campaignId,
  canExportWidget = null,
}: {
  campaignId: number | null;
  /** The user has export_widget_permission (null: not known yet): the Export widget button and dialog. */
  canExportWidget?: boolean | null;
}) {
  const api = useServices().campaignApi;
  const toast = useToast();
  const details = useLoad<number, CampaignDetails>(
    (id, signal) => api.details(id, signal),
    'campaignDetails',
  );
  const { load } = details;
  const reload = useCallback(() => {
    if (campaignId !== null) load(campaignId);
  }, [campaignId, load]);
  useEffect(reload, [reload]);
  const [tab, setTab] = useState<TabId>('draft');
  const [creating, setCreating] = useState(false);
  const [renamingCampaign, setRenamingCampaign] = useState(false);
  const [renamingEmail, setRenamingEmail] = useState<CampaignEmail | null>(null);
  const [deletingEmail, setDeletingEmail] = useState<CampaignEmail | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  // The promo export widget's dialog is in the address (?exportPopup=true), so it can be linked to.
  const exportPopup = (useSearch({ strict: false }) as { exportPopup?: unknown }).exportPopup;
  const exportOpen = exportPopup === true || exportPopup === 'true';
  const navigate = useNavigate();
  const setExportOpen = (open: boolean) =>
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, exportPopup: open ? true : undefined }),
      replace: true,
      resetScroll: false,
    } as never);
  const canExport = canExportWidget;

  const removeEmail = useConfirmedRequest(
    async (email: CampaignEmail, signal) => {
      await api.deleteEmail({ emailId: email.email_id, campaignId: campaignId ?? 0 }, signal);
      return email;
    },
    'deleteEmail',
    (email) => {
      setDeletingEmail(null);
      toast.show({ tone: 'success', message: `“${email.name}” was deleted.` });
      reload();
    },
    deletingEmail?.email_id ?? null,
  );

  /** Runs one email action, then shows the campaign as the server has it now. */
  const act = async (emailId: number, run: () => Promise<unknown>, done: string) => {
    setBusyId(emailId);
    try {
      await run();
      toast.show({ tone: 'success', message: done });
      reload();
    } catch (error) {
      toast.show({ tone: 'error', message: error instanceof Error ? error.message : 'That did not work.' });
    } finally {
      setBusyId(null);
    }
  };

  if (campaignId === null)
    return (
      <StatePanel kind="error" title="No campaign chosen">
        Open a campaign from the <Link {...areaLinks.campaigns}>campaign list</Link>.
      </StatePanel>
    );
  const campaign = details.data && details.data.campaign_id === campaignId ? details.data : null;
  if (!campaign) {
    if (details.status === 'failure' && details.error)
      return (
        <LoadErrorPanel
          title="This campaign could not be loaded"
          message={details.error.message}
          onRetry={reload}
        />
      );
    return <StatePanel kind="loading" title="Loading the campaign…" />;
  }

  const cards = (emails: CampaignEmail[], label: string): ReactNode => (
    <CardGrid label={label}>
      {emails.map((email) => (
        <EmailCard
          key={email.email_id}
          email={email}
          busy={busyId === email.email_id}
          onRename={() => setRenamingEmail(email)}
          onClone={() =>
            act(
              email.email_id,
              () => api.createEmail({ name: '', emailType: 0, campaignId, cloneOf: email.email_id }),
              `A copy of “${email.name}” was created.`,
            )
          }
          onDelete={() => setDeletingEmail(email)}
          onNewEdition={() =>
            act(
              email.email_id,
              () => api.createEdition(email.email_id),
              `A new Draft Edition of “${email.name}”.`,
            )
          }
          onDeleteEdition={(editionId) =>
            act(email.email_id, () => api.deleteEdition(editionId), 'The edition was deleted.')
          }
        />
      ))}
    </CardGrid>
  );

  const emailList = (emails: CampaignEmail[], what: string): ReactNode => {
    if (emails.length === 0)
      return (
        <StatePanel compact kind="empty" title={`No ${what} emails`}>
          {what === 'draft' || what === 'all'
            ? 'Create one with New email: it starts with its Draft Edition.'
            : `Emails with a ${what} edition appear here: create one with New email, design it, then publish it.`}
        </StatePanel>
      );
    const { ordinary, groups } = aiEmailGroups(emails);
    return (
      <>
        {ordinary.length ? cards(ordinary, `${what} emails`) : null}
        <AiEmailGroups campaignId={campaignId} groups={groups} cards={cards} />
      </>
    );
  };

  return (
    <div className="campaign-detail">
      <p className="campaign-detail__back">
        <Link {...areaLinks.campaigns}>← All campaigns</Link>
      </p>
      <PageHeader
        eyebrow="Campaign"
        title={campaign.campaign_name}
        description={`${countOf(campaign.emails_count, 'email', 'emails')}${
          campaign.keywords.length ? ` · keywords: ${campaign.keywords.join(', ')}` : ''
        }`}
        actions={
          <>
            <Button variant="secondary" onClick={() => setRenamingCampaign(true)}>
              Rename
            </Button>
            <Link
              to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
              params={{ page: 'editionedit', tab: 'audience', subTab: undefined }}
              search={{ campaign_id: String(campaign.campaign_id) } as never}
              className={buttonClassName('secondary')}
            >
              Audience
            </Link>
            {canExport ? (
              <Button variant="secondary" onClick={() => setExportOpen(true)}>
                Export widget
              </Button>
            ) : null}
            <Link {...newAiEmailLink(campaignId)} className={buttonClassName('secondary')}>
              New AI email
            </Link>
            <Button onClick={() => setCreating(true)}>New email</Button>
          </>
        }
      />
      <CampaignSourcesSummary campaignId={campaign.campaign_id} sources={campaign.content_sources} />
      <Tabs
        label="Emails by edition state"
        selectedId={tab}
        onSelect={(id) => setTab(id as TabId)}
        tabs={TABS.map((t) => ({
          id: t.id,
          label: `${t.label} (${campaign.emails[t.id].length})`,
          content: emailList(campaign.emails[t.id], t.id),
        }))}
      />
      <CampaignGraph points={campaign.graph} />
      <ExportWidgetDialog
        campaignId={campaignId}
        open={exportOpen && canExport !== null}
        allowed={canExport === true}
        onClose={() => setExportOpen(false)}
      />
      <CreateEmailDialog
        campaignId={campaignId}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(email) => {
          setCreating(false);
          toast.show({ tone: 'success', message: `“${email.name}” was created with its Draft Edition.` });
          setTab('draft');
          reload();
        }}
      />
      <NameDialog<CampaignSummary>
        target={renamingCampaign ? { name: campaign.campaign_name } : null}
        title="Rename campaign"
        label="Campaign name"
        max={MAX_CAMPAIGN_NAME}
        nameExists={CAMPAIGN_NAME_EXISTS}
        requestName="renameCampaign"
        save={(name, signal) => api.renameCampaign({ campaignId, name }, signal)}
        onClose={() => setRenamingCampaign(false)}
        onSaved={(saved) => {
          setRenamingCampaign(false);
          toast.show({ tone: 'success', message: `Renamed to “${saved.campaign_name}”.` });
          reload();
        }}
      />
      <NameDialog<CampaignEmail>
        target={renamingEmail ? { name: renamingEmail.name } : null}
        title="Rename email"
        label="Email name"
        max={MAX_EMAIL_NAME}
        nameExists={EMAIL_NAME_EXISTS}
        requestName="renameEmail"
        save={(name, signal) => api.renameEmail({ emailId: renamingEmail?.email_id ?? 0, name }, signal)}
        onClose={() => setRenamingEmail(null)}
        onSaved={(saved) => {
          setRenamingEmail(null);
          toast.show({ tone: 'success', message: `Renamed to “${saved.name}”.` });
          reload();
        }}
      />
      <ConfirmDialog
        open={deletingEmail !== null}
        onClose={() => setDeletingEmail(null)}
        title="Delete this email?"
        description={
          deletingEmail
            ? `“${deletingEmail.name}” and its ${countOf(deletingEmail.editions.length, 'edition', 'editions')} will be deleted.`
            : ''
        }
        confirmLabel="Delete email"
        busy={removeEmail.busy}
        failure={
          removeEmail.failureMessage
            ? { title: 'The email was not deleted', message: removeEmail.failureMessage }
            : null
        }
        onConfirm={() => deletingEmail && removeEmail.confirm(deletingEmail)}
      >
        <p>This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
