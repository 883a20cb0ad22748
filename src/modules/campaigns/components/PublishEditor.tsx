import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { PublishData, PublishDraft } from '../../../../domain/editionSend.ts';
import { outlookStateOf } from '../../../../domain/outlookConnection.ts';
import { flushPublishSettings } from '../../../../machines/publishSettingsMachine.ts';
import { Card } from '../../../ui/Card.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useOutlookActor } from '../hooks/useOutlookActor.ts';
import { usePublishActor } from '../hooks/usePublishActor.ts';
import { usePublishSettings } from '../hooks/usePublishSettings.ts';
import { type EditionIds, publishFormErrors } from '../utils/publishForm.ts';
import { AudienceChooser } from './AudienceChooser.tsx';
import { OutlookSender } from './OutlookSender.tsx';
import { PreflightPanel } from './PreflightPanel.tsx';
import { PublishDialogs } from './PublishDialogs.tsx';
import { PublishLeaveGuard } from './PublishLeaveGuard.tsx';
import { PublishSaveStatus } from './PublishSaveStatus.tsx';
import { RecipientsSummary } from './RecipientsSummary.tsx';
import { SendControls } from './SendControls.tsx';
import { SenderFields } from './SenderFields.tsx';
import { SendProgress } from './SendProgress.tsx';
import { SubjectField } from './SubjectField.tsx';
import { TestEmailForm } from './TestEmailForm.tsx';

type Props = { ids: EditionIds; data: PublishData };

/** Chosen ids with the names shown for them (a name not known yet: "List 12"). */
const named = (ids: readonly number[], names: ReadonlyMap<number, string>, noun: string) =>
  new Map(ids.map((id) => [id, names.get(id) ?? `${noun} ${id}`]));

/**
 * The publish step of one edition: who it is from, its subject, who receives it (with the live count),
 * the preflight, then send now or schedule, and once it has gone out its progress. Every field is saved
 * as it is typed (the autosave, with its status in the header); the preflight looks again after each
 * save, and leaving the page waits for a pending save.
 */
export function PublishEditor({ ids, data }: Props) {
  const settings = usePublishSettings(data);
  const actor = usePublishActor(ids.versionId, data.send, settings);
  const outlookActor = useOutlookActor({
    versionId: ids.versionId,
    campaignId: ids.campaignId,
    emailId: ids.emailId,
    outlook: outlookStateOf(data),
  });
  const draft = useSelector(settings, (s) => s.context.draft);
  const preflight = useSelector(actor, (s) => s.context.preflight);
  const locked = useSelector(actor, (s) => s.matches('scheduled') || s.matches('sent'));
  const isSent = useSelector(actor, (s) => s.matches('sent'));
  // A field's flag is the last preflight's word on it, until the field is changed (then it is checked again).
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new preflight result clears the edited fields
  useEffect(() => setEdited(new Set()), [preflight]);
  const change = (patch: Partial<PublishDraft>) => {
    setEdited((current) => new Set([...current, ...Object.keys(patch)]));
    settings.send({ type: 'settings.change', patch });
  };
  const flags = publishFormErrors(preflight);
  const errors = {
    sender: edited.has('senderAddressId') ? undefined : flags.sender,
    senderName: edited.has('senderName') ? undefined : flags.senderName,
    subject: edited.has('subject') ? undefined : flags.subject,
  };

  // The preflight looks again at each saved change, so that it always speaks of what the screen shows.
  useEffect(() => {
    let wasSaving = false;
    const subscription = settings.subscribe((snapshot) => {
      const saving = snapshot.matches('saving');
      if (wasSaving && snapshot.matches('saved') && actor.getSnapshot().matches('idle')) {
        actor.send({ type: 'publish.check' });
      }
      wasSaving = saving;
    });
    return () => subscription.unsubscribe();
  }, [settings, actor]);

  // Names of the chosen lists and contacts: the lists are looked up once (the first 100), choices add theirs.
  const [names, setNames] = useState<ReadonlyMap<number, string>>(new Map());
  const [contactNames, setContactNames] = useState<ReadonlyMap<number, string>>(new Map());
  const { audienceApi, sendApi } = useServices();
  const listNames = useLoad<null, Map<number, string>>(async (_, signal) => {
    const page = await audienceApi.listLists({ offset: 0, limit: 100 }, signal);
    return new Map(page.data.map((l) => [l.list_id, `${l.list_name} (${l.totalContacts})`]));
  }, 'publishListNames');
  const { load: loadListNames } = listNames;
  useEffect(() => {
    if (data.list_ids.length > 0) loadListNames(null);
  }, [data.list_ids, loadListNames]);
  useEffect(() => {
    const found = listNames.data;
    if (found) setNames((current) => new Map([...found, ...current]));
  }, [listNames.data]);
  const lists = named(draft.listIds, names, 'List');
  const contacts = named(draft.contactIds, contactNames, 'Contact');

  return (
    <div className="publish-page">
      <p className="publish-page__back">
        {ids.campaignId !== null ? (
          <Link
            to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
            params={{ page: 'campaign', tab: undefined, subTab: undefined }}
            search={{ campaign_id: String(ids.campaignId) } as never}
          >
            ← Back to the campaign
          </Link>
        ) : null}
      </p>
      <PageHeader
        eyebrow="Publish"
        title={draft.subject.trim() ? draft.subject : 'Publish this edition'}
        description="Choose who it is from and who receives it, check it, then send it now or schedule it."
        actions={locked ? null : <PublishSaveStatus settings={settings} />}
      />
      <div className="publish-page__columns">
        <div className="publish-page__main">
          <Card title="From and subject">
            <fieldset className="publish-page__fieldset" disabled={locked}>
              <legend className="publish-page__legend">Sender and subject</legend>
              <SenderFields
                senders={data.sender_emails}
                senderAddressId={draft.senderAddressId}
                senderName={draft.senderName}
                errors={errors}
                onChange={change}
              />
              <SubjectField
                value={draft.subject}
                error={errors.subject}
                onChange={(subject) => change({ subject })}
              />
            </fieldset>
            {locked ? (
              <p className="publish-page__note">
                {isSent
                  ? 'This edition has gone out: make a new edition to change it.'
                  : 'Cancel the schedule to change the sender, subject or audience.'}
              </p>
            ) : null}
          </Card>
          <OutlookSender actor={outlookActor} locked={locked} />
          <Card
            title="Audience"
            description="Lists and contacts from your audience; each person gets it once."
          >
            {locked ? (
              <dl className="publish-page__chosen">
                <dt>Lists</dt>
                <dd>{lists.size > 0 ? [...lists.values()].join(', ') : 'None'}</dd>
                <dt>Contacts</dt>
                <dd>{contacts.size > 0 ? [...contacts.values()].join(', ') : 'None'}</dd>
              </dl>
            ) : (
              <div className="publish-page__audience">
                <AudienceChooser
                  kind="lists"
                  chosen={lists}
                  onChange={(chosen) => {
                    setNames((current) => new Map([...current, ...chosen]));
                    change({ listIds: [...chosen.keys()] });
                  }}
                />
                <AudienceChooser
                  kind="contacts"
                  chosen={contacts}
                  onChange={(chosen) => {
                    setContactNames((current) => new Map([...current, ...chosen]));
                    change({ contactIds: [...chosen.keys()] });
                  }}
                />
              </div>
            )}
          </Card>
        </div>
        <div className="publish-page__side">
          <RecipientsSummary
            lists={lists}
            contacts={contacts}
            count={(audience, signal) =>
              sendApi.recipientsCount({ versionId: ids.versionId, ...audience }, signal)
            }
          />
          {locked ? null : <PreflightPanel actor={actor} ids={ids} />}
          <TestEmailForm
            versionId={ids.versionId}
            userEmail={data.user_email}
            beforeSend={(signal) => (locked ? Promise.resolve() : flushPublishSettings(settings, signal))}
          />
          {isSent ? <SendProgress actor={actor} /> : <SendControls actor={actor} />}
        </div>
      </div>
      <PublishDialogs actor={actor} />
      {locked ? null : <PublishLeaveGuard settings={settings} />}
    </div>
  );
}
