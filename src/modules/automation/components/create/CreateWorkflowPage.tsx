import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import type {
  ContactListOption,
  EmailVersion,
  ShareProfileOption,
  WorkflowAnswers,
  WorkflowTrigger,
} from '../../../../../domain/workflowTypes.ts';
import { WORKFLOW_TEXTS } from '../../../../../domain/workflowTypes.ts';
import type { CreateWorkflowInput } from '../../../../api/workflowApi.ts';
import { Alert } from '../../../../ui/Alert.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { buttonClassName } from '../../../../ui/buttonClassName.ts';
import { Card } from '../../../../ui/Card.tsx';
import { PageHeader } from '../../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { EmailPicker } from '../../../shared/components/EmailPicker.tsx';
import { ListPicker, workflowListOptions } from '../../../shared/components/ListPicker.tsx';
import { ShareProfilePicker } from '../../../shared/components/ShareProfilePicker.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../../shared/hooks/useLoad.ts';
import { useRequest } from '../../../shared/hooks/useRequest.ts';
import { TriggerChooser } from './TriggerChooser.tsx';
import '../automation.css';
import { Form } from '../../../../ui/Form.tsx';

const SUBJECT_STEP: Record<WorkflowTrigger['subject'], string> = {
  email: '2. Choose the email',
  list: '2. Choose the list',
  share_profile: '2. Choose the share profile',
};

/**
 * /automation/create: choose a trigger, then by its subject an email, a list or a share profile; name the
 * workflow (default "New Workflow") and create it, then open /automation/details?workflow_id={id}.
 */
export function CreateWorkflowPage() {
  const api = useServices().workflowApi;
  const navigate = useNavigate();
  const triggers = useLoad<null, WorkflowAnswers['get_workflow_triggers']>(
    (_input, signal) => api.getWorkflowTriggers(signal),
    'workflowTriggers',
  );
  const { load } = triggers;
  useEffect(() => load(null), [load]);

  const [trigger, setTrigger] = useState<WorkflowTrigger | null>(null);
  const [email, setEmail] = useState<EmailVersion | null>(null);
  const [list, setList] = useState<ContactListOption | null>(null);
  const [profile, setProfile] = useState<ShareProfileOption | null>(null);
  const [name, setName] = useState<string>(WORKFLOW_TEXTS.defaultName);
  const [tried, setTried] = useState(false);

  const create = useRequest<CreateWorkflowInput, WorkflowAnswers['create_workflow']>(
    (input, signal) => api.createWorkflow(input, signal),
    'createWorkflow',
  );
  const createdId = create.status === 'success' ? create.data?.workflow_id : undefined;
  useEffect(() => {
    if (createdId !== undefined) {
      void navigate({ to: '/automation/details', search: { workflow_id: String(createdId) } });
    }
  }, [createdId, navigate]);

  const subjectChosen =
    trigger !== null &&
    ((trigger.subject === 'email' && email !== null) ||
      (trigger.subject === 'list' && list !== null) ||
      (trigger.subject === 'share_profile' && profile !== null));
  const nameError = tried && !name.trim() ? 'Give the workflow a name.' : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!trigger || !subjectChosen || !name.trim()) return;
    create.submit({
      triggerId: trigger.trigger_id,
      emailId: trigger.subject === 'email' ? email?.email_id : undefined,
      listId: trigger.subject === 'list' ? list?.list_id : undefined,
      spUuid: trigger.subject === 'share_profile' ? profile?.sp_uuid : undefined,
      workflowName: name.trim(),
    });
  };

  const back = (
    <Link to="/automation" className={buttonClassName('secondary')}>
      Back to workflows
    </Link>
  );

  if (triggers.status === 'failure' && triggers.error) {
    return (
      <div className="automation-page">
        <PageHeader eyebrow="Automation" title="Create a workflow" actions={back} />
        <Card>
          <StatePanel
            kind="error"
            title="The triggers could not be loaded"
            actions={
              <Button variant="secondary" onClick={() => load(null)}>
                Try again
              </Button>
            }
          >
            {triggers.error.message}
          </StatePanel>
        </Card>
      </div>
    );
  }

  return (
    <div className="automation-page">
      <PageHeader
        eyebrow="Automation"
        title="Create a workflow"
        description="Pick what starts it and what it starts from. You add its steps in the builder next."
        actions={back}
      />
      <Form className="automation-create" onSubmit={submit} noValidate>
        <Card>
          {triggers.data ? (
            <TriggerChooser
              triggers={triggers.data.data}
              value={trigger?.trigger_id ?? null}
              onChange={(next) => {
                setTrigger(next);
                setTried(false);
              }}
            />
          ) : (
            <StatePanel compact kind="loading" title="Loading the triggers…" />
          )}
        </Card>
        {trigger ? (
          <Card>
            <section aria-labelledby="automation-subject-step">
              <h2 id="automation-subject-step" className="automation-step__title">
                {SUBJECT_STEP[trigger.subject]}
              </h2>
              {trigger.subject === 'email' ? (
                <EmailPicker
                  variant="cards"
                  selectedId={email?.email_id ?? null}
                  onChange={setEmail}
                  loadEmails={(query, signal) => api.getUserEmails(query, signal)}
                  loadName="userEmails"
                />
              ) : null}
              {trigger.subject === 'list' ? (
                <ListPicker
                  variant="cards"
                  selectedId={list?.list_id ?? null}
                  onChange={setList}
                  loadLists={workflowListOptions(api.getUserContactLists)}
                  loadName="contactLists"
                />
              ) : null}
              {trigger.subject === 'share_profile' ? (
                <ShareProfilePicker value={profile} onChange={setProfile} />
              ) : null}
              {tried && !subjectChosen ? (
                <p className="automation-error" role="alert">
                  {trigger.subject === 'email'
                    ? 'Choose an email.'
                    : trigger.subject === 'list'
                      ? 'Choose a list.'
                      : 'Choose a share profile.'}
                </p>
              ) : null}
            </section>
          </Card>
        ) : null}
        {trigger ? (
          <Card>
            <h2 className="automation-step__title">3. Name it and create</h2>
            <div className="automation-create__finish">
              <TextField
                label="Workflow name"
                value={name}
                maxLength={200}
                error={nameError}
                onChange={(event) => setName(event.target.value)}
              />
              <Button type="submit" loading={create.status === 'loading'}>
                Create workflow
              </Button>
            </div>
            {create.status === 'failure' && create.error ? (
              <Alert tone="error" title="The workflow was not created">
                {create.error.message}
              </Alert>
            ) : null}
          </Card>
        ) : null}
      </Form>
    </div>
  );
}
