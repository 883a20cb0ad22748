import { Link } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import type { EditionDesign } from '../../../../domain/publishAnswers.ts';
import type { ServerDesign } from '../../../engine/design/DesignDraft.ts';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { Card } from '../../../ui/Card.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useOpenDraft } from '../../shared/hooks/useOpenDraft.ts';
import { DesignerWorkspace } from './components/DesignerWorkspace.tsx';
import './designer.css';

export type DesignerSearch = { campaignId: number | null; emailId: number | null; versionId: number | null };

function BackLink({ campaignId }: { campaignId: number | null }) {
  return campaignId ? (
    <Link
      to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
      params={{ page: 'campaign' }}
      search={{ campaign_id: String(campaignId) } as never}
      className="designer-back"
    >
      ← Back to the campaign
    </Link>
  ) : (
    <Link to="/campaigns/{-$page}/{-$tab}/{-$subTab}" params={{}} className="designer-back">
      ← All campaigns
    </Link>
  );
}

/**
 * /campaigns/editionedit/design/?campaign_id&email_id&version_id: the email designer. Loads the edition's
 * design (GET design/) with the recorded load machine, opens the local draft (IndexedDB, live with other
 * tabs) with the open rule, then shows the designer.
 */
export function DesignerPage({ campaignId, versionId }: DesignerSearch) {
  const { publishApi, designDrafts } = useServices();
  const edition = useLoad<number, EditionDesign>(
    (id, signal) => publishApi.getDesign({ versionId: id }, signal),
    'editionDesign',
  );
  const { load } = edition;
  useEffect(() => {
    if (versionId !== null) load(versionId);
  }, [versionId, load]);
  const server = useMemo<ServerDesign | null>(
    () =>
      edition.data
        ? {
            versionName: edition.data.version_name,
            design: edition.data.design,
            savedAt: edition.data.design_saved_at,
          }
        : null,
    [edition.data],
  );
  const opened = useOpenDraft(designDrafts, versionId ?? 0, server);
  const header = (
    <>
      <BackLink campaignId={campaignId} />
      <PageHeader
        eyebrow="Design"
        title={edition.data ? `${edition.data.email_name}: ${edition.data.version_name}` : 'Email designer'}
      />
    </>
  );
  let body: React.ReactNode;
  if (versionId === null) {
    body = (
      <StatePanel kind="empty" title="No edition was named">
        Open an edition’s Design from its campaign.
      </StatePanel>
    );
  } else if (edition.status === 'failure' && !edition.data) {
    body =
      edition.error?.status === 404 ? (
        <StatePanel kind="error" title="Edition not found">
          There is no edition with this number among your organisation’s emails.
        </StatePanel>
      ) : (
        <LoadErrorPanel
          title="The design could not be loaded"
          message={edition.error?.message}
          onRetry={() => load(versionId)}
        />
      );
  } else if (opened.status === 'failed') {
    body = (
      <StatePanel kind="error" title="The local draft could not be opened">
        {opened.message}
      </StatePanel>
    );
  } else if (opened.status !== 'open' || !edition.data) {
    body = <StatePanel kind="loading" title="Opening the design…" />;
  } else {
    return (
      <div className="designer-page">
        {header}
        <DesignerWorkspace draft={opened.draft} edition={edition.data} />
      </div>
    );
  }
  return (
    <div className="designer-page">
      {header}
      <Card>{body}</Card>
    </div>
  );
}

export function EditionLinks({ campaignId, emailId, versionId }: DesignerSearch) {
  const search = {
    ...(campaignId ? { campaign_id: String(campaignId) } : {}),
    ...(emailId ? { email_id: String(emailId) } : {}),
    ...(versionId ? { version_id: String(versionId) } : {}),
  };
  return (
    <div className="designer-page">
      <BackLink campaignId={campaignId} />
      <PageHeader eyebrow="Edition" title="Edit this edition" />
      <Card>
        {versionId === null ? (
          <StatePanel kind="empty" title="No edition was named">
            Open an edition from its campaign.
          </StatePanel>
        ) : (
          <div className="designer-edition-links">
            <p>Design how the edition looks, then publish it to its audience.</p>
            <Link
              to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
              params={{ page: 'editionedit', tab: 'design' }}
              search={search as never}
              className={buttonClassName('primary')}
            >
              Design
            </Link>
            <Link
              to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
              params={{ page: 'editionedit', tab: 'publish' }}
              search={search as never}
              className={buttonClassName('secondary')}
            >
              Publish
            </Link>
          </div>
        )}
      </Card>
    </div>
  );
}
