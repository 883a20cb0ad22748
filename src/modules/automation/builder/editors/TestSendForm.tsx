import { type FormEvent, useEffect, useState } from 'react';
import type { WorkflowAnswers } from '../../../../../domain/workflowTypes.ts';
import type { TestShareProfileInput } from '../../../../api/workflowApi.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Form } from '../../../../ui/Form.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { useToast } from '../../../../ui/useToast.ts';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../../shared/hooks/useLoad.ts';

type Props = { input: Omit<TestShareProfileInput, 'to'>; disabledReason: string | null };

/**
 * A test send of the step's share profile (send_test_share_profile/): the answer's message is shown as a
 * toast, a failure as an error toast. `to` is optional (the server sends to the signed-in user).
 */
export function TestSendForm({ input, disabledReason }: Props) {
  const api = useServices().workflowApi;
  const toast = useToast();
  const [to, setTo] = useState('');
  const send = useLoad<TestShareProfileInput, WorkflowAnswers['send_test_share_profile']>(
    (body, signal) => api.sendTestShareProfile(body, signal),
    'testShareProfile',
  );
  const { data, error, status } = send;
  useEffect(() => {
    if (data) toast.show({ message: data.message, tone: 'success' });
  }, [data, toast]);
  useEffect(() => {
    if (status === 'failure' && error) toast.show({ message: error.message, tone: 'error' });
  }, [status, error, toast]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!disabledReason) send.load({ ...input, to: to.trim() || undefined });
  };
  return (
    <Form className="node-editor__test-send" onSubmit={submit} aria-label="Test send">
      <TextField
        label="Send a test to"
        type="email"
        optional
        placeholder="Your own address"
        value={to}
        onChange={(event) => setTo(event.target.value)}
        hint={disabledReason ?? 'Someone in your organisation, or one of its verified addresses.'}
      />
      <Button
        type="submit"
        variant="secondary"
        loading={status === 'loading'}
        disabled={disabledReason !== null}
      >
        Send test
      </Button>
    </Form>
  );
}
