import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import {
  addFormField,
  changeFormField,
  fieldsLeft,
  formFieldsProblem,
  moveFormField,
  removeFormField,
} from '../../../../domain/formDraft.ts';
import {
  type CapturableFieldKey,
  DEFAULT_FORM_FIELDS,
  FORM_NAME_MAX,
  type FormSummary,
} from '../../../../domain/hostedForms.ts';
import type { FormInput } from '../../../api/formsApi.ts';
import { Button } from '../../../ui/Button.tsx';
import { Form } from '../../../ui/Form.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { Select } from '../../../ui/Select.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useToast } from '../../../ui/useToast.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { FormFieldRow } from './FormFieldRow.tsx';

const FORMS = '/audiences/{-$page}/{-$tab}/{-$subTab}' as const;
const NEW_FORM: FormInput = { name: '', listId: null, campaignId: null, fields: DEFAULT_FORM_FIELDS };

const inputOf = (form: FormSummary): FormInput => ({
  name: form.name,
  listId: form.list_id,
  campaignId: form.campaign_id,
  fields: form.fields,
});

/** The form builder: name, the list and campaign it belongs to, its fields; saved with create or update. */
export function FormEditor({ formId }: { formId: number | null }) {
  const { audienceApi } = useServices();
  const navigate = useNavigate();
  const toast = useToast();
  const options = useLoad((_: null, signal) => audienceApi.forms.options(signal), 'formOptions');
  const existing = useLoad((id: number, signal) => audienceApi.forms.details(id, signal), 'formDetails');
  const [draft, setDraft] = useState<FormInput | null>(formId === null ? NEW_FORM : null);
  const [shownProblem, setShownProblem] = useState<{ name?: string; fields?: string }>({});
  const { load: loadOptions } = options;
  const { load: loadForm } = existing;
  useEffect(() => loadOptions(null), [loadOptions]);
  useEffect(() => {
    if (formId !== null) loadForm(formId);
  }, [formId, loadForm]);
  useEffect(() => {
    if (existing.data) setDraft(inputOf(existing.data));
  }, [existing.data]);

  const save = useRequest(async (input: FormInput, signal) => {
    const saved = await audienceApi.forms.save({ ...input, formId }, signal);
    toast.show({
      message: `Form “${saved.name}” saved. Its public address: ${saved.form_url}`,
      tone: 'success',
    });
    if (formId === null)
      await navigate({
        to: FORMS,
        params: { page: 'forms', tab: 'edit' },
        search: { form_id: String(saved.id) },
      });
    else existing.load(saved.id);
    return saved;
  }, 'saveForm');

  const title = formId === null ? 'New form' : (existing.data?.name ?? 'Form');
  const header = (
    <PageHeader
      eyebrow="Audiences › Forms"
      title={title}
      description="Choose what the form asks and the list it adds people to. Ticking the consent box records their opt-in."
      actions={
        <Link to={FORMS} params={{ page: 'forms' }} className="form-editor__back">
          Back to forms
        </Link>
      }
    />
  );
  if (existing.status === 'failure')
    return (
      <>
        {header}
        <LoadErrorPanel
          title="The form could not be loaded"
          message={existing.error?.message}
          onRetry={() => formId && loadForm(formId)}
        />
      </>
    );
  if (!draft)
    return (
      <>
        {header}
        <StatePanel kind="loading" title="Loading the form…" />
      </>
    );

  const update = (patch: Partial<FormInput>) => {
    setDraft((current) => (current ? { ...current, ...patch } : current));
    if (save.status === 'failure') save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = draft.name.trim();
    const problem = {
      name: name ? undefined : 'Give the form a name.',
      fields: formFieldsProblem(draft.fields) ?? undefined,
    };
    setShownProblem(problem);
    if (!problem.name && !problem.fields) save.submit({ ...draft, name });
  };
  const left = fieldsLeft(draft.fields);
  const idOption = (id: number | null) => (id === null ? '' : String(id));
  const optionsList = options.data?.lists ?? [];
  const campaigns = options.data?.campaigns ?? [];

  return (
    <>
      {header}
      <Form className="form-editor" onSubmit={submit} noValidate aria-label="Form settings">
        <section className="form-editor__settings" aria-label="Settings">
          <TextField
            label="Form name"
            value={draft.name}
            maxLength={FORM_NAME_MAX}
            onChange={(event) => update({ name: event.target.value })}
            error={shownProblem.name ?? (save.status === 'failure' ? save.error?.message : undefined)}
          />
          <Select
            label="Adds people to the list"
            value={idOption(draft.listId)}
            onChange={(event) => update({ listId: event.target.value ? Number(event.target.value) : null })}
            options={[
              { value: '', label: options.status === 'loading' ? 'Loading lists…' : 'No list' },
              ...optionsList.map((list) => ({ value: String(list.id), label: list.name })),
            ]}
          />
          <Select
            label="Campaign"
            value={idOption(draft.campaignId)}
            onChange={(event) =>
              update({ campaignId: event.target.value ? Number(event.target.value) : null })
            }
            options={[
              { value: '', label: options.status === 'loading' ? 'Loading campaigns…' : 'No campaign' },
              ...campaigns.map((campaign) => ({ value: String(campaign.id), label: campaign.name })),
            ]}
          />
          {existing.data ? (
            <p className="form-editor__url">
              Public address:{' '}
              <a href={existing.data.form_url} target="_blank" rel="noopener noreferrer">
                {existing.data.form_url}
              </a>
            </p>
          ) : null}
        </section>
        <section className="form-editor__fields" aria-labelledby="form-editor-fields">
          <h2 id="form-editor-fields" className="form-editor__heading">
            Fields
          </h2>
          {shownProblem.fields ? (
            <p role="alert" className="form-editor__problem">
              {shownProblem.fields}
            </p>
          ) : null}
          <ol className="ui-stack-list ui-stack-list--roomy">
            {draft.fields.map((field, index) => (
              <FormFieldRow
                key={field.key}
                field={field}
                first={index === 0}
                last={index === draft.fields.length - 1}
                onChange={(patch) => update({ fields: changeFormField(draft.fields, field.key, patch) })}
                onMove={(by) => update({ fields: moveFormField(draft.fields, field.key, by) })}
                onRemove={() => update({ fields: removeFormField(draft.fields, field.key) })}
              />
            ))}
          </ol>
          {left.length > 0 ? (
            <Select
              label="Add a field"
              value=""
              onChange={(event) =>
                event.target.value &&
                update({ fields: addFormField(draft.fields, event.target.value as CapturableFieldKey) })
              }
              options={[
                { value: '', label: 'Choose a field to add…' },
                ...left.map((field) => ({ value: field.key, label: field.label })),
              ]}
            />
          ) : null}
        </section>
        <div className="form-editor__actions">
          <Button type="submit" loading={save.status === 'loading'}>
            Save form
          </Button>
        </div>
      </Form>
    </>
  );
}
