import { useEffect, useState } from 'react';
import { z } from 'zod';
import { emailSchema } from '../../../../domain/authSchemas.ts';
import {
  PLAN_FLAGS,
  type PlanFlags,
  type PlanHolder,
  type PlanSettings,
} from '../../../../domain/planSettings.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Form } from '../../../ui/Form.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useFormFields } from '../../../ui/useFormFields.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { PlanChangeForm } from './PlanChangeForm.tsx';
import { PlanChangesTable } from './PlanChangesTable.tsx';

const lookupSchema = z.object({ email: emailSchema });

function PlanSummary({ holder, own }: { holder: PlanHolder; own: boolean }) {
  return (
    <Card
      title={own ? 'Your plan' : `Plan of ${holder.email}`}
      description={
        own
          ? 'Your plan type and the features it includes. Our team changes them on request.'
          : `${holder.name || holder.email}, ${holder.organisation_name}.`
      }
    >
      <dl className="settings-plan">
        <div className="settings-plan__row">
          <dt>Plan type</dt>
          <dd>
            <Badge tone="info">{holder.plan_type === 'invalid' ? 'Unknown' : holder.plan_type}</Badge>
          </dd>
        </div>
        {PLAN_FLAGS.map((flag) => (
          <div className="settings-plan__row" key={flag.key}>
            <dt>
              {flag.label}
              <span className="settings-plan__purpose">{flag.purpose}</span>
            </dt>
            <dd>
              {holder[flag.key] ? (
                <Badge tone="success">Included</Badge>
              ) : (
                <Badge tone="neutral">Not included</Badge>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function LookupForm({
  busy,
  refusal,
  onLookup,
}: {
  busy: boolean;
  refusal: string | null;
  onLookup: (email: string) => void;
}) {
  const form = useFormFields(lookupSchema, { email: '' });
  const email = form.field('email');
  return (
    <Form
      className="senders-add settings-lookup"
      ref={form.formRef}
      noValidate
      aria-label="Find a user's plan"
      onSubmit={(event) => {
        const fields = form.submit(event);
        if (fields) onLookup(fields.email);
      }}
    >
      <TextField
        label="User's email"
        type="email"
        inputMode="email"
        required
        {...email}
        error={email.error ?? refusal ?? undefined}
      />
      <Button type="submit" variant="secondary" loading={busy} className="senders-add__submit">
        Find user
      </Button>
    </Form>
  );
}

/**
 * Settings › Plan: the plan type and feature flags (share profile, daily IQ, weekly account insight, sales
 * usage, export widget), shown to everyone; internal users find any user's plan and change it. Every change
 * is in the history shown under it.
 */
export function PlanPage({ userEmail }: { userEmail: string }) {
  const { userApi } = useServices();
  const [settings, setSettings] = useState<PlanSettings | null>(null);
  const [formKey, setFormKey] = useState(0);
  const loaded = useLoad(
    (email: string | undefined, signal) => userApi.planSettings(email, signal),
    'planSettings',
  );
  const { load } = loaded;
  useEffect(() => load(undefined), [load]);
  useEffect(() => {
    if (loaded.data) {
      setSettings(loaded.data);
      setFormKey((key) => key + 1);
    }
  }, [loaded.data]);
  const save = useRequest(
    async (plan: { plan_type: string } & PlanFlags & { user_email: string }, signal) => {
      const answer = await userApi.changePlan(plan, signal);
      setSettings(answer);
      return answer;
    },
    'changePlan',
  );

  if (!settings) {
    if (loaded.status === 'failure')
      return (
        <LoadErrorPanel
          title="The plan could not be loaded"
          message={loaded.error?.message}
          onRetry={() => load(undefined)}
        />
      );
    return <StatePanel kind="loading" title="Loading the plan…" />;
  }
  const own = settings.holder.email.toLowerCase() === userEmail.toLowerCase();
  return (
    <>
      <PlanSummary holder={settings.holder} own={own} />
      {settings.can_change ? (
        <Card
          title="Change a plan"
          description="As an internal user you may change any user's plan and features."
        >
          <LookupForm
            busy={loaded.status === 'loading'}
            refusal={loaded.status === 'failure' ? (loaded.error?.message ?? null) : null}
            onLookup={(email) => {
              save.reset();
              load(email);
            }}
          />
          <PlanChangeForm
            key={formKey}
            holder={settings.holder}
            busy={save.status === 'loading'}
            failure={save.status === 'failure' ? (save.error?.message ?? null) : null}
            saved={save.status === 'success'}
            onSave={(plan) => save.submit({ ...plan, user_email: settings.holder.email })}
          />
        </Card>
      ) : null}
      <PlanChangesTable changes={settings.changes} own={own} />
    </>
  );
}
