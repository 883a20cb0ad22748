import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { PublishData } from '../../../../domain/editionSend.ts';
import { outlookStateOf } from '../../../../domain/outlookConnection.ts';
import { subjectForDisplay } from '../../../../domain/subjectForDisplay.ts';
import { Card } from '../../../ui/Card.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useOutlookActor } from '../hooks/useOutlookActor.ts';
import { usePublishActor } from '../hooks/usePublishActor.ts';
import {
  type EditionIds,
  type PublishFormValues,
  publishConfigurationOf,
  publishFormErrors,
} from '../utils/publishForm.ts';
import { AudienceChooser } from './AudienceChooser.tsx';
import { OutlookSender } from './OutlookSender.tsx';
import { PreflightPanel } from './PreflightPanel.tsx';
import { PublishDialogs } from './PublishDialogs.tsx';
import { RecipientsSummary } from './RecipientsSummary.tsx';
import { SendControls } from './SendControls.tsx';
import { SenderFields } from './SenderFields.tsx';
import { SendProgress } from './SendProgress.tsx';
import { SubjectField } from './SubjectField.tsx';
import { TestEmailForm } from './TestEmailForm.tsx';

type Props = { ids: EditionIds; data: PublishData };

function initialValues(data: PublishData): PublishFormValues {
  const sender = data.sender_emails.find((s) => s.id === data.sender_address_id) ?? data.sender_emails[0];
  return {
    senderAddressId: sender?.id ?? null,
    senderName: data.sender_name ?? sender?.sender_name ?? '',
    subject: data.subject ? subjectForDisplay(data.subject) : '',
    lists: new Map(data.list_ids.map((id) => [id, `List ${id}`])),
    contacts: new Map(data.contact_ids.map((id) => [id, `Contact ${id}`])),
  };
}

/**
 * The publish step of one edition: who it is from, its subject, who receives it (with the live count),
 * the preflight, then send now or schedule, and once it has gone out its progress.
 */
export function PublishEditor({ ids, data }: Props) {
  const actor = usePublishActor(ids.versionId, data.send);
  const outlookActor = useOutlookActor({
    versionId: ids.versionId,
    campaignId: ids.campaignId,
    emailId: ids.emailId,
    outlook: outlookStateOf(data),
  });
  const [values, setValues] = useState(() => initialValues(data));
  const [attempted, setAttempted] = useState(false);
  const locked = useSelector(actor, (s) => s.matches('scheduled') || s.matches('sent'));
  const isSent = useSelector(actor, (s) => s.matches('sent'));
  const patch = (next: Partial<PublishFormValues>) => setValues((current) => ({ ...current, ...next }));
  const errors = attempted ? publishFormErrors(values) : {};

  // The saved lists come as ids: their names are looked up once (the first 100 lists).
  const audienceApi = useServices().audienceApi;
  const listNames = useLoad<null, Map<number, string>>(async (_, signal) => {
    const page = await audienceApi.listLists({ offset: 0, limit: 100 }, signal);
    return new Map(page.data.map((l) => [l.list_id, `${l.list_name} (${l.totalContacts})`]));
  }, 'publishListNames');
  const { load: loadListNames } = listNames;
  useEffect(() => {
    if (data.list_ids.length > 0) loadListNames(null);
  }, [data.list_ids, loadListNames]);
  useEffect(() => {
    const names = listNames.data;
    if (!names) return;
    setValues((current) => ({
      ...current,
      lists: new Map([...current.lists].map(([id, label]) => [id, names.get(id) ?? label])),
    }));
  }, [listNames.data]);

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
        title={values.subject.trim() ? values.subject : 'Publish this edition'}
        description="Choose who it is from and who receives it, check it, then send it now or schedule it."
      />
      <div className="publish-page__columns">
        <div className="publish-page__main">
          <Card title="From and subject">
            <fieldset className="publish-page__fieldset" disabled={locked}>
              <legend className="publish-page__legend">Sender and subject</legend>
              <SenderFields
                senders={data.sender_emails}
                senderAddressId={values.senderAddressId}
                senderName={values.senderName}
                errors={errors}
                onChange={patch}
              />
              <SubjectField
                value={values.subject}
                error={errors.subject}
                onChange={(subject) => patch({ subject })}
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
                <dd>{values.lists.size > 0 ? [...values.lists.values()].join(', ') : 'None'}</dd>
                <dt>Contacts</dt>
                <dd>{values.contacts.size > 0 ? [...values.contacts.values()].join(', ') : 'None'}</dd>
              </dl>
            ) : (
              <div className="publish-page__audience">
                <AudienceChooser kind="lists" chosen={values.lists} onChange={(lists) => patch({ lists })} />
                <AudienceChooser
                  kind="contacts"
                  chosen={values.contacts}
                  onChange={(contacts) => patch({ contacts })}
                />
              </div>
            )}
          </Card>
        </div>
        <div className="publish-page__side">
          <RecipientsSummary versionId={ids.versionId} lists={values.lists} contacts={values.contacts} />
          <PreflightPanel actor={actor} ids={ids} configuration={() => publishConfigurationOf(values)} />
          <TestEmailForm
            versionId={ids.versionId}
            userEmail={data.user_email}
            configuration={() => (locked ? null : publishConfigurationOf(values))}
          />
          {isSent ? (
            <SendProgress actor={actor} />
          ) : (
            <SendControls actor={actor} values={values} onInvalid={() => setAttempted(true)} />
          )}
        </div>
      </div>
      <PublishDialogs actor={actor} />
    </div>
  );
}
