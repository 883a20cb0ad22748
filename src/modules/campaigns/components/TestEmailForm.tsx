import { type FormEvent, useEffect, useState } from 'react';
import { MAX_TEST_ADDRESSES } from '../../../../domain/sendSchemas.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useToast } from '../../../ui/useToast.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';

type Props = {
  versionId: number;
  userEmail: string;
  /** Saves what the screen shows (the autosave) before the test goes, so the test shows it. */
  beforeSend: (signal: AbortSignal) => Promise<void>;
};
type TestInput = { versionId: number; emails: string };

/**
 * "Send a test" on the publish step (send_test_email/): the edition as recipients get it, to the signed-in
 * user's own address by default or to up to five addresses of the organisation, marked as a test. The
 * sender and subject on screen are saved first, so the test shows them.
 */
export function TestEmailForm({ versionId, userEmail, beforeSend }: Props) {
  const api = useServices().sendApi;
  const toast = useToast();
  const [emails, setEmails] = useState(userEmail);
  const send = useLoad<TestInput, { send_id: number; message: string }>(async (input, signal) => {
    await beforeSend(signal);
    return api.sendTest(input, signal);
  }, 'sendTestEmail');
  const { data, error, status } = send;
  useEffect(() => {
    if (data) toast.show({ message: data.message, tone: 'success' });
  }, [data, toast]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.load({ versionId, emails: emails.trim() });
  };
  return (
    <Card title="Send a test" description="See it in an inbox before anyone else does.">
      <form className="publish-test" onSubmit={submit} aria-label="Send a test">
        {status === 'failure' && error ? (
          <Alert tone="error" title="Test not sent">
            {error.message}
          </Alert>
        ) : null}
        <TextField
          label="Send a test to"
          value={emails}
          required
          onChange={(event) => setEmails(event.target.value)}
          hint={`Up to ${MAX_TEST_ADDRESSES} addresses, comma separated: people of your organisation or its verified senders.`}
        />
        <Button type="submit" variant="secondary" loading={status === 'loading'}>
          Send test
        </Button>
      </form>
    </Card>
  );
}
