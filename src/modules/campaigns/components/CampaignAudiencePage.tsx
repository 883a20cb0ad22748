import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { CampaignAudience } from '../../../../domain/campaignAudience.ts';
import { countOf } from '../../../../domain/countOf.ts';
import type { CampaignAudienceChoice } from '../../../api/campaignApi.ts';
import { areaLinks } from '../../../router/routeTable.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { Card } from '../../../ui/Card.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useToast } from '../../../ui/useToast.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { AudienceChooser } from './AudienceChooser.tsx';
import { RecipientsSummary } from './RecipientsSummary.tsx';
import './campaigns.css';
import './publish.css';

type Chosen = Map<number, string>;

const sameKeys = (a: Chosen, b: Chosen) => a.size === b.size && [...a.keys()].every((id) => b.has(id));
const listsOf = (audience: CampaignAudience): Chosen =>
  new Map(audience.lists.map((l) => [l.list_id, `${l.list_name} (${l.total_contacts})`]));
const contactsOf = (audience: CampaignAudience): Chosen =>
  new Map(audience.contacts.map((c) => [c.contact_id, `${c.full_name} <${c.contact_email}>`]));

/**
 * /campaigns/editionedit/audience?campaign_id=…: the campaign's audience (where a permission error from a
 * campaign sends the person back): its lists and contacts chosen with the publish step's pickers, who
 * they reach counted again as they change, and saved whole. New editions, and draft editions without an
 * audience of their own, start from it.
 */
export function CampaignAudiencePage({ campaignId }: { campaignId: number | null }) {
  const api = useServices().campaignApi;
  const saved = useLoad<number, CampaignAudience>(
    (id, signal) => api.campaignAudience(id, signal),
    'campaignAudience',
  );
  const { load } = saved;
  useEffect(() => {
    if (campaignId !== null) load(campaignId);
  }, [campaignId, load]);

  if (campaignId === null)
    return (
      <StatePanel kind="error" title="No campaign chosen">
        Open a campaign from the <Link {...areaLinks.campaigns}>campaign list</Link>, then its audience.
      </StatePanel>
    );
  const audience = saved.data?.campaign_id === campaignId ? saved.data : null;
  if (!audience) {
    if (saved.status === 'failure' && saved.error)
      return (
        <LoadErrorPanel
          title="This campaign's audience could not be loaded"
          message={saved.error.message}
          onRetry={() => load(campaignId)}
        />
      );
    return <StatePanel kind="loading" title="Loading the campaign's audience…" />;
  }
  return <AudienceEditor key={JSON.stringify([audience.lists, audience.contacts])} audience={audience} />;
}

function AudienceEditor({ audience }: { audience: CampaignAudience }) {
  const api = useServices().campaignApi;
  const toast = useToast();
  const [lists, setLists] = useState<Chosen>(() => listsOf(audience));
  const [contacts, setContacts] = useState<Chosen>(() => contactsOf(audience));
  const [current, setCurrent] = useState(audience);
  const save = useRequest<CampaignAudienceChoice, CampaignAudience>(
    (input, signal) => api.saveCampaignAudience(input, signal),
    'saveCampaignAudience',
  );
  const { status, data, error } = save;
  useEffect(() => {
    if (status !== 'success' || !data) return;
    setCurrent(data);
    toast.show({ tone: 'success', message: `The audience of “${data.campaign_name}” was saved.` });
  }, [status, data, toast]);

  const campaignId = audience.campaign_id;
  const changed = !sameKeys(lists, listsOf(current)) || !sameKeys(contacts, contactsOf(current));
  return (
    <div className="campaign-audience">
      <PageHeader
        eyebrow="Campaigns"
        title={`Audience of “${audience.campaign_name}”`}
        description="The lists and contacts this campaign's emails go to. New editions start with it; an edition's own choice on its publish step stays."
        actions={
          <Link
            to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
            params={{ page: 'campaign', tab: undefined, subTab: undefined }}
            search={{ campaign_id: String(campaignId) } as never}
            className={buttonClassName('secondary')}
          >
            Back to the campaign
          </Link>
        }
      />
      <div className="publish-page__columns">
        <Card
          title="Lists and contacts"
          description={`${countOf(lists.size, 'list', 'lists')} and ${countOf(contacts.size, 'contact', 'contacts')} chosen; each person gets an email once.`}
        >
          <div className="publish-page__audience">
            <AudienceChooser kind="lists" chosen={lists} onChange={setLists} />
            <AudienceChooser kind="contacts" chosen={contacts} onChange={setContacts} />
          </div>
          {status === 'failure' && error ? (
            <Alert tone="error" title="The audience was not saved">
              {error.message}
            </Alert>
          ) : null}
          <div className="campaign-audience__actions">
            <Button
              variant="secondary"
              disabled={!changed || status === 'loading'}
              onClick={() => {
                setLists(listsOf(current));
                setContacts(contactsOf(current));
              }}
            >
              Undo changes
            </Button>
            <Button
              loading={status === 'loading'}
              disabled={!changed}
              onClick={() =>
                save.submit({ campaignId, listIds: [...lists.keys()], contactIds: [...contacts.keys()] })
              }
            >
              Save audience
            </Button>
          </div>
        </Card>
        <div className="publish-page__side">
          <RecipientsSummary
            lists={lists}
            contacts={contacts}
            count={(chosen, signal) => api.campaignRecipientsCount({ campaignId, ...chosen }, signal)}
          />
          <p className="campaign-audience__note" aria-live="polite">
            {changed ? 'Not saved yet.' : 'Saved.'}
          </p>
        </div>
      </div>
    </div>
  );
}
