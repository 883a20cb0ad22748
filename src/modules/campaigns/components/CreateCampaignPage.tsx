import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { CAMPAIGN_NAME_EXISTS, MAX_CAMPAIGN_NAME } from '../../../../domain/campaignSchemas.ts';
import type { CampaignSummary } from '../../../../domain/campaigns.ts';
import type { NewCampaign } from '../../../api/campaignApi.ts';
import { areaLinks } from '../../../router/routeTable.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useToast } from '../../../ui/useToast.ts';
import { type CampaignSources, CampaignSourcesField } from '../../shared/components/CampaignSourcesField.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { AudienceChooser } from './AudienceChooser.tsx';
import './campaigns.css';
import { Form } from '../../../ui/Form.tsx';

const words = (text: string) =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);

/**
 * /createcampaign: name, keywords, lists and contacts from the audience area, and the advanced search:
 * its content sources (the content explorer's picker) and include and exclude keywords. The new campaign
 * opens on its detail page.
 */
export function CreateCampaignPage() {
  const api = useServices().campaignApi;
  const toast = useToast();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [keywords, setKeywords] = useState('');
  const [include, setInclude] = useState('');
  const [exclude, setExclude] = useState('');
  const [lists, setLists] = useState<Map<number, string>>(new Map());
  const [contacts, setContacts] = useState<Map<number, string>>(new Map());
  const [sources, setSources] = useState<CampaignSources>({ includeSources: [], excludeSources: [] });
  const [fieldError, setFieldError] = useState<string | null>(null);
  const create = useRequest<NewCampaign, CampaignSummary>(
    (input, signal) => api.createCampaign(input, signal),
    'createCampaign',
  );
  const { status, data, error, reset } = create;
  useEffect(() => {
    if (status !== 'success' || !data) return;
    toast.show({ tone: 'success', message: `“${data.campaign_name}” was created.` });
    void navigate({
      to: '/campaigns/{-$page}/{-$tab}/{-$subTab}',
      params: { page: 'campaign' },
      search: { campaign_id: String(data.campaign_id) } as never,
    });
  }, [status, data, toast, navigate]);

  const serverMessage = status === 'failure' ? (error?.message ?? null) : null;
  const taken = serverMessage === CAMPAIGN_NAME_EXISTS;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim().replace(/\s+/g, ' ');
    if (!value) return setFieldError('Give the campaign a name.');
    if (value.length > MAX_CAMPAIGN_NAME)
      return setFieldError(`A campaign name is at most ${MAX_CAMPAIGN_NAME} characters.`);
    setFieldError(null);
    create.submit({
      name: value,
      keywords: words(keywords),
      listIds: [...lists.keys()],
      contactIds: [...contacts.keys()],
      includeKeywords: words(include),
      excludeKeywords: words(exclude),
      ...sources,
    });
  };
  return (
    <div className="create-campaign">
      <PageHeader
        eyebrow="Campaigns"
        title="Create a campaign"
        description="Name it, choose who it is for and what its content is about. Its emails come next."
      />
      <Form className="campaign-form" onSubmit={submit} noValidate aria-label="New campaign">
        <TextField
          label="Campaign name"
          value={name}
          autoComplete="off"
          error={fieldError ?? (taken ? CAMPAIGN_NAME_EXISTS : undefined)}
          onChange={(event) => {
            setName(event.target.value);
            setFieldError(null);
            if (status === 'failure') reset();
          }}
        />
        <TextField
          label="Keywords"
          optional
          hint="Separate words with commas."
          value={keywords}
          onChange={(event) => setKeywords(event.target.value)}
        />
        <div className="campaign-form__audience">
          <AudienceChooser kind="lists" chosen={lists} onChange={setLists} />
          <AudienceChooser kind="contacts" chosen={contacts} onChange={setContacts} />
        </div>
        <CampaignSourcesField onChange={setSources} />
        <fieldset className="campaign-form__advanced">
          <legend>Advanced search</legend>
          <TextField
            label="Include keywords"
            optional
            hint="Articles about these words (commas between)."
            value={include}
            onChange={(event) => setInclude(event.target.value)}
          />
          <TextField
            label="Exclude keywords"
            optional
            hint="Leave out articles about these words."
            value={exclude}
            onChange={(event) => setExclude(event.target.value)}
          />
        </fieldset>
        {serverMessage && !taken ? (
          <Alert tone="error" title="The campaign was not created">
            {serverMessage}
          </Alert>
        ) : null}
        <div className="campaign-form__actions">
          <Link {...areaLinks.campaigns} className={buttonClassName('secondary')}>
            Cancel
          </Link>
          <Button type="submit" loading={status === 'loading'}>
            Create campaign
          </Button>
        </div>
      </Form>
    </div>
  );
}
