import { type FormEvent, useEffect, useRef, useState } from 'react';
import { EMAIL_NAME_EXISTS, MAX_EMAIL_NAME } from '../../../../domain/campaignSchemas.ts';
import type { CampaignEmail, EmailsPage } from '../../../../domain/campaigns.ts';
import type { TemplatesPage } from '../../../../domain/publishAnswers.ts';
import type { NewEmail } from '../../../api/campaignApi.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Form } from '../../../ui/Form.tsx';
import { Radio } from '../../../ui/Radio.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';

type Props = {
  campaignId: number;
  open: boolean;
  onClose: () => void;
  onCreated: (email: CampaignEmail) => void;
};

const SCRATCH = '';
const TEMPLATE = 'template:';
const COPY = 'copy:';

/**
 * Create an email in the campaign: digest or ad hoc, from scratch, from a template (its first edition
 * starts with the template's design) or as a copy of one of your emails (the email browser). It starts
 * with its 'Draft Edition'.
 */
export function CreateEmailDialog({ campaignId, open, onClose, onCreated }: Props) {
  const services = useServices();
  const api = services.campaignApi;
  const [name, setName] = useState('');
  const [emailType, setEmailType] = useState<'0' | '1'>('0');
  const [source, setSource] = useState(SCRATCH);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const emails = useLoad<null, EmailsPage>(
    (_, signal) => api.browseEmails({ offset: 0, limit: 100, search: '', emailType: 'all' }, signal),
    'emailBrowser',
  );
  const templates = useLoad<null, TemplatesPage>(
    (_, signal) =>
      services.publishApi.listTemplates({ tab: 'all', offset: 0, limit: 50, search: '' }, signal),
    'emailTemplates',
  );
  const loadTemplates = templates.load;
  const create = useRequest<NewEmail, CampaignEmail>(
    (input, signal) => api.createEmail(input, signal),
    'createEmail',
  );
  const { reset, status, data, error } = create;
  const loadEmails = emails.load;
  useEffect(() => {
    if (!open) return;
    setName('');
    setEmailType('0');
    setSource(SCRATCH);
    setFieldError(null);
    reset();
    loadEmails(null);
    loadTemplates(null);
  }, [open, reset, loadEmails, loadTemplates]);
  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;
  useEffect(() => {
    if (status === 'success' && data) onCreatedRef.current(data);
  }, [status, data]);

  const serverMessage = status === 'failure' ? (error?.message ?? null) : null;
  const taken = serverMessage === EMAIL_NAME_EXISTS;
  const cloning = source.startsWith(COPY);
  const templateId = source.startsWith(TEMPLATE) ? Number(source.slice(TEMPLATE.length)) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim().replace(/\s+/g, ' ');
    if (!value && !cloning) return setFieldError('Give the email a name.');
    if (value.length > MAX_EMAIL_NAME)
      return setFieldError(`An email name is at most ${MAX_EMAIL_NAME} characters.`);
    setFieldError(null);
    create.submit({
      name: value,
      emailType: emailType === '1' ? 1 : 0,
      campaignId,
      cloneOf: cloning ? Number(source.slice(COPY.length)) : null,
      templateId,
    });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="New email"
      description="It starts with its Draft Edition, ready for curated articles."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="create-email-form" loading={status === 'loading'}>
            Create email
          </Button>
        </>
      }
    >
      <Form id="create-email-form" className="campaign-form" onSubmit={submit} noValidate>
        <Select
          label="Start from"
          value={source}
          onChange={(event) => setSource(event.target.value)}
          options={[
            { value: SCRATCH, label: 'A new, empty email' },
            ...(templates.data?.data ?? []).map((t) => ({
              value: `${TEMPLATE}${t.id}`,
              label: `Template: ${t.name}`,
            })),
            ...(emails.data?.data ?? []).map((e) => ({
              value: `${COPY}${e.email_id}`,
              label: `Copy of ${e.name}${e.campaign_name ? ` (${e.campaign_name})` : ''}`,
            })),
          ]}
        />
        <TextField
          label="Email name"
          value={name}
          hint={cloning ? 'Leave blank for “Copy of …”.' : undefined}
          autoComplete="off"
          error={fieldError ?? (taken ? EMAIL_NAME_EXISTS : undefined)}
          onChange={(event) => {
            setName(event.target.value);
            setFieldError(null);
            if (status === 'failure') reset();
          }}
        />
        {cloning ? null : (
          <fieldset className="campaign-form__types">
            <legend>Email type</legend>
            <Radio
              name="email-type"
              value="0"
              checked={emailType === '0'}
              onChange={() => setEmailType('0')}
              label="Digest (curated articles)"
            />
            <Radio
              name="email-type"
              value="1"
              checked={emailType === '1'}
              onChange={() => setEmailType('1')}
              label="Ad hoc (custom)"
            />
          </fieldset>
        )}
        {serverMessage && !taken ? (
          <Alert tone="error" title="The email was not created">
            {serverMessage}
          </Alert>
        ) : null}
      </Form>
    </Dialog>
  );
}
