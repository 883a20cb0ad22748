import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  CAMPAIGN_NAME_EXISTS,
  EMAIL_NAME_EXISTS,
  MAX_CAMPAIGN_NAME,
  MAX_EMAIL_NAME,
} from '../../../../domain/campaignSchemas.ts';
import type { CampaignEmail } from '../../../../domain/campaigns.ts';
import type { NewEmail } from '../../../api/campaignApi.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Form } from '../../../ui/Form.tsx';
import { Radio } from '../../../ui/Radio.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';

const NEW_CAMPAIGN = 'new';
const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

type Props = {
  /** The campaign chosen at first (the one being curated for), else a new campaign. */
  campaignId?: number | null;
  onCreated: (email: CampaignEmail) => void;
  onCancel: () => void;
};

/**
 * "New email" in the curation panel: a name, digest or custom, and a campaign of the organisation or a
 * new one made on the way (create_email/ with create_campaign_flag). The panel then adds the selected
 * articles to its Draft Edition.
 */
export function NewCurationEmailForm({ campaignId = null, onCreated, onCancel }: Props) {
  const api = useServices().campaignApi;
  const [name, setName] = useState('');
  const [emailType, setEmailType] = useState<0 | 1>(0);
  const [campaign, setCampaign] = useState(campaignId !== null ? String(campaignId) : NEW_CAMPAIGN);
  const [campaignName, setCampaignName] = useState('');
  const [errors, setErrors] = useState<{ name?: string; campaign?: string }>({});
  const campaigns = useLoad((_: null, signal) => api.campaignNames(signal), 'curationCampaignNames');
  const { load } = campaigns;
  useEffect(() => load(null), [load]);
  const create = useRequest<NewEmail, CampaignEmail>(
    (input, signal) => api.createEmail(input, signal),
    'curationCreateEmail',
  );
  const { status, data, error, reset } = create;
  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;
  useEffect(() => {
    if (status === 'success' && data) onCreatedRef.current(data);
  }, [status, data]);

  const message = status === 'failure' ? (error?.message ?? 'The email could not be created.') : null;
  const nameTaken = message === EMAIL_NAME_EXISTS;
  const campaignTaken = message === CAMPAIGN_NAME_EXISTS;
  const making = campaign === NEW_CAMPAIGN;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = tidy(name);
    const newCampaign = tidy(campaignName);
    const next: typeof errors = {};
    if (!value) next.name = 'Give the email a name.';
    else if (value.length > MAX_EMAIL_NAME)
      next.name = `An email name is at most ${MAX_EMAIL_NAME} characters.`;
    if (making && !newCampaign) next.campaign = 'Give the new campaign a name.';
    else if (making && newCampaign.length > MAX_CAMPAIGN_NAME)
      next.campaign = `A campaign name is at most ${MAX_CAMPAIGN_NAME} characters.`;
    setErrors(next);
    if (next.name || next.campaign) return;
    create.submit({
      name: value,
      emailType,
      campaignId: making ? null : Number(campaign),
      ...(making ? { newCampaignName: newCampaign } : {}),
    });
  };
  const edited = () => {
    if (status === 'failure') reset();
  };

  return (
    <Form className="curation-new-email" aria-label="New email" onSubmit={submit} noValidate>
      <TextField
        label="Email name"
        value={name}
        autoComplete="off"
        error={errors.name ?? (nameTaken ? EMAIL_NAME_EXISTS : undefined)}
        onChange={(event) => {
          setName(event.target.value);
          setErrors((e) => ({ ...e, name: undefined }));
          edited();
        }}
      />
      <fieldset className="curation-new-email__types">
        <legend>Email type</legend>
        <Radio
          name="curation-email-type"
          checked={emailType === 0}
          onChange={() => setEmailType(0)}
          label="Digest (curated articles)"
        />
        <Radio
          name="curation-email-type"
          checked={emailType === 1}
          onChange={() => setEmailType(1)}
          label="Custom (ad hoc)"
        />
      </fieldset>
      <Select
        label="Campaign"
        value={campaign}
        onChange={(event) => {
          setCampaign(event.target.value);
          edited();
        }}
        options={[
          { value: NEW_CAMPAIGN, label: 'A new campaign…' },
          ...(campaigns.data ?? []).map((c) => ({ value: String(c.campaign_id), label: c.campaign_name })),
        ]}
      />
      {making ? (
        <TextField
          label="New campaign name"
          value={campaignName}
          autoComplete="off"
          error={errors.campaign ?? (campaignTaken ? CAMPAIGN_NAME_EXISTS : undefined)}
          onChange={(event) => {
            setCampaignName(event.target.value);
            setErrors((e) => ({ ...e, campaign: undefined }));
            edited();
          }}
        />
      ) : null}
      {message && !nameTaken && !campaignTaken ? (
        <Alert tone="error" title="The email was not created">
          {message}
        </Alert>
      ) : null}
      <div className="curation-new-email__actions">
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={status === 'loading'}>
          Create and add
        </Button>
      </div>
    </Form>
  );
}
