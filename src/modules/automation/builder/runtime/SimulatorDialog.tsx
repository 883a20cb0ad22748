import { useEffect, useMemo, useState } from 'react';
import type { SimulateRequest } from '../../../../../domain/workflowRuntimeTypes.ts';
import type { WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';
import { Alert } from '../../../../ui/Alert.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Dialog } from '../../../../ui/Dialog.tsx';
import { Radio } from '../../../../ui/Radio.tsx';
import { Select } from '../../../../ui/Select.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { useLoad } from '../../../shared/hooks/useLoad.ts';
import { useRequest } from '../../../shared/hooks/useRequest.ts';
import { workflowEmailOptions } from '../editors/workflowEmailOptions.ts';
import { SimulationResult } from './SimulationResult.tsx';
import {
  localNow,
  type PretendEvent,
  type SimulationForm,
  simulationFormProblem,
  simulationRequest,
} from './simulationForm.ts';

const EVENT_KINDS: { value: PretendEvent['kind']; label: string }[] = [
  { value: 'opened', label: 'opens' },
  { value: 'clicked', label: 'clicks' },
  { value: 'delivered', label: 'receives' },
];

/**
 * The simulator: runs a chosen contact, or a sample, through the CURRENT DRAFT on a virtual clock with
 * the production runtime's step code (simulate_workflow/), and shows the path taken, when each step would
 * run and which emails would go out. Nothing is sent and nothing is saved.
 */
export function SimulatorDialog({
  open,
  onClose,
  draft,
}: {
  open: boolean;
  onClose: () => void;
  draft: WorkflowDraft;
}) {
  const [form, setForm] = useState<SimulationForm>(() => ({
    who: 'contact',
    contactId: null,
    sampleSize: 5,
    startAt: localNow(),
    events: 'real',
    pretend: [],
  }));
  const { mailboxApi, workflowApi } = useServices();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const contacts = useLoad((q: string, signal) => mailboxApi.options(q, signal), 'simulatorContacts');
  const { load } = contacts;
  useEffect(() => {
    if (open && form.who === 'contact') load(term);
  }, [open, form.who, term, load]);
  const run = useRequest(
    (request: SimulateRequest, signal) => workflowApi.simulate(request, signal),
    'simulate',
  );

  const snapshot = draft.getSnapshot();
  const emails = useMemo(() => workflowEmailOptions(snapshot.flow, snapshot.meta), [snapshot]);
  const problem = simulationFormProblem(form);
  const [shownProblem, setShownProblem] = useState<string | null>(null);
  const update = (patch: Partial<SimulationForm>) => setForm((current) => ({ ...current, ...patch }));
  const updateEvent = (index: number, patch: Partial<PretendEvent>) =>
    update({ pretend: form.pretend.map((event, i) => (i === index ? { ...event, ...patch } : event)) });

  const submit = () => {
    setShownProblem(problem);
    if (problem) return;
    const current = draft.getSnapshot();
    run.submit(
      simulationRequest(form, {
        workflowId: draft.workflowId,
        flow: current.flow,
        triggerId: current.meta.trigger_id,
      }),
    );
  };

  const contactOptions = [
    { value: '', label: contacts.status === 'loading' ? 'Loading contacts…' : 'Choose a contact' },
    ...(contacts.data?.contacts ?? []).map((contact) => ({
      value: String(contact.contact_id),
      label: `${contact.name} <${contact.email}>${contact.status !== 'Subscribed' ? ` (${contact.status})` : ''}`,
    })),
  ];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title="Simulate this workflow"
      description="Runs contacts through the workflow as it is drawn now, on a virtual clock. Nothing is sent and nothing is saved."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button loading={run.status === 'loading'} onClick={submit}>
            Run simulation
          </Button>
        </>
      }
    >
      <div className="builder-simulator">
        <fieldset className="builder-simulator__group">
          <legend>Who</legend>
          <Radio
            className="builder-simulator__choice"
            name="simulator-who"
            checked={form.who === 'contact'}
            onChange={() => update({ who: 'contact' })}
            label="One contact"
          />
          <Radio
            className="builder-simulator__choice"
            name="simulator-who"
            checked={form.who === 'sample'}
            onChange={() => update({ who: 'sample' })}
            label="A sample of subscribed contacts"
          />
          {form.who === 'contact' ? (
            <div className="builder-simulator__row">
              <TextField
                label="Find a contact"
                type="search"
                placeholder="Name or email"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
              <Select
                label="Contact"
                value={form.contactId ? String(form.contactId) : ''}
                options={contactOptions}
                onChange={(event) => update({ contactId: Number(event.target.value) || null })}
              />
            </div>
          ) : (
            <TextField
              label="How many contacts"
              type="number"
              min={1}
              max={50}
              value={String(form.sampleSize)}
              onChange={(event) => update({ sampleSize: Number(event.target.value) })}
            />
          )}
        </fieldset>
        <TextField
          label="Start at"
          type="datetime-local"
          value={form.startAt}
          onChange={(event) => update({ startAt: event.target.value })}
        />
        <fieldset className="builder-simulator__group">
          <legend>What the contacts do</legend>
          <Radio
            className="builder-simulator__choice"
            name="simulator-events"
            checked={form.events === 'real'}
            onChange={() => update({ events: 'real' })}
            label="What they really did (their recorded opens and clicks)"
          />
          <Radio
            className="builder-simulator__choice"
            name="simulator-events"
            checked={form.events === 'pretend'}
            onChange={() => update({ events: 'pretend' })}
            label="Pretend events"
          />
          {form.events === 'pretend' ? (
            <div className="builder-simulator__events">
              {form.pretend.map((event, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id
                <div className="builder-simulator__event" key={index}>
                  <Select
                    label="The contact"
                    value={event.kind}
                    options={EVENT_KINDS}
                    onChange={(change) =>
                      updateEvent(index, { kind: change.target.value as PretendEvent['kind'] })
                    }
                  />
                  <Select
                    label="Email"
                    value={event.emailId ? String(event.emailId) : ''}
                    options={[
                      { value: '', label: 'Choose an email' },
                      ...emails.map((email) => ({ value: String(email.emailId), label: email.emailName })),
                    ]}
                    onChange={(change) => updateEvent(index, { emailId: Number(change.target.value) })}
                  />
                  <TextField
                    label="Minutes after the start"
                    type="number"
                    min={0}
                    value={String(event.afterMinutes)}
                    onChange={(change) => updateEvent(index, { afterMinutes: Number(change.target.value) })}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => update({ pretend: form.pretend.filter((_, i) => i !== index) })}
                  >
                    Remove
                  </Button>
                </div>
              ))}
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  update({
                    pretend: [
                      ...form.pretend,
                      { kind: 'opened', emailId: emails[0]?.emailId ?? 0, afterMinutes: 60 },
                    ],
                  })
                }
              >
                Add an event
              </Button>
            </div>
          ) : null}
        </fieldset>
        {shownProblem && problem ? <Alert tone="error">{problem}</Alert> : null}
        {run.status === 'failure' && run.error ? (
          <Alert tone="error" title="The simulation could not run">
            {run.error.message}
          </Alert>
        ) : null}
        {run.data ? <SimulationResult answer={run.data} flow={snapshot.flow} /> : null}
      </div>
    </Dialog>
  );
}
