import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { MailboxOptions } from '../../../../domain/mailboxTypes.ts';
import { subjectForDisplay } from '../../../../domain/subjectForDisplay.ts';
import { areaLinks } from '../../../router/routeTable.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { Card } from '../../../ui/Card.tsx';
import { Form } from '../../../ui/Form.tsx';
import { Select } from '../../../ui/Select.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';

type SendInput = { emailId: number; contactId: number; requestId: string };

/**
 * "Send an email to a demo contact": one design-ready email to one contact of the organisation, through
 * the same queue, suppression and tracking as a workflow's send. One request id per submission, so a
 * double submit sends once.
 */
export function MailboxSendForm({ onSent }: { onSent: () => void }) {
  const { mailboxApi } = useServices();
  const options = useLoad<string, MailboxOptions>(
    (search, signal) => mailboxApi.options(search, signal),
    'mailbox-options',
  );
  const send = useRequest<SendInput, { sendId: number; created: boolean }>(
    (input, signal) => mailboxApi.send(input, signal),
    'mailbox-send',
  );
  const [emailId, setEmailId] = useState('');
  const [contactId, setContactId] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const loadOptions = options.load;

  useEffect(() => loadOptions(''), [loadOptions]);

  const data = options.data;
  const chosenEmail = emailId || String(data?.emails[0]?.email_id ?? '');
  const chosenContact = contactId || String(data?.contacts[0]?.contact_id ?? '');

  useEffect(() => {
    if (send.status === 'success') {
      setRequestId(crypto.randomUUID());
      onSent();
    }
  }, [send.status, onSent]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosenEmail || !chosenContact) return;
    send.submit({ emailId: Number(chosenEmail), contactId: Number(chosenContact), requestId });
  };

  let body: ReactNode;
  if (options.status === 'failure' && options.error) {
    body = (
      <Alert tone="error" title="The emails and contacts could not be loaded">
        {options.error.message}
      </Alert>
    );
  } else if (!data) {
    body = <p>Loading emails and contacts…</p>;
  } else if (data.emails.length === 0 || data.contacts.length === 0) {
    body = (
      <Alert
        tone="info"
        actions={
          data.emails.length === 0 ? (
            <Link {...areaLinks.campaigns} className={buttonClassName('secondary', 'sm')}>
              Go to Campaigns
            </Link>
          ) : (
            <>
              <Link {...areaLinks.audiences} className={buttonClassName('secondary', 'sm')}>
                Add a contact
              </Link>
              <Link {...areaLinks.importContacts} className={buttonClassName('ghost', 'sm')}>
                Import contacts
              </Link>
            </>
          )
        }
      >
        {data.emails.length === 0
          ? 'Your organisation has no email ready to send yet: design one in a campaign, then send it from here.'
          : 'Your organisation has no contacts yet: add one in People, or import a CSV file of them.'}
      </Alert>
    );
  } else {
    body = (
      <Form className="mailbox-send" onSubmit={submit} aria-label="Send an email to a demo contact">
        <Select
          label="Email"
          value={chosenEmail}
          onChange={(event) => setEmailId(event.target.value)}
          options={data.emails.map((email) => ({
            value: String(email.email_id),
            label: `${email.name}: ${subjectForDisplay(email.subject)}`,
          }))}
        />
        <Select
          label="Contact"
          value={chosenContact}
          onChange={(event) => setContactId(event.target.value)}
          options={data.contacts.map((contact) => ({
            value: String(contact.contact_id),
            label: `${contact.name} <${contact.email}>${contact.status === 'Subscribed' ? '' : ` · ${contact.status}`}`,
          }))}
        />
        <div className="mailbox-send__actions">
          <Button type="submit" loading={send.status === 'loading'} disabled={send.status === 'loading'}>
            Send
          </Button>
        </div>
      </Form>
    );
  }

  return (
    <Card
      title="Send an email to a demo contact"
      description="Unsubscribed and hard-bounced contacts are never sent marketing email: try one to see it refused."
    >
      {body}
      {send.status === 'failure' && send.error ? (
        <Alert tone="error" title="The email was not sent">
          {send.error.message}
        </Alert>
      ) : null}
      {send.status === 'success' && send.data ? (
        <Alert tone="success">
          {send.data.created
            ? 'Queued: it shows in the list below in a moment.'
            : 'This email was already queued.'}
        </Alert>
      ) : null}
    </Card>
  );
}
