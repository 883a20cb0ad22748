import { useState } from 'react';
import { PLAN_FLAGS, type PlanFlags, type PlanHolder } from '../../../../domain/planSettings.ts';
import { PLAN_TYPES } from '../../../../domain/userData.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { Form } from '../../../ui/Form.tsx';
import { Select } from '../../../ui/Select.tsx';

type Props = {
  holder: PlanHolder;
  busy: boolean;
  failure: string | null;
  saved: boolean;
  onSave: (plan: { plan_type: string } & PlanFlags) => void;
};

const PLAN_OPTIONS = PLAN_TYPES.map((type) => ({
  value: type,
  label: type[0] + type.slice(1).toLowerCase(),
}));

/** An internal user's change of one user's plan type and feature flags (the form starts from the plan shown). */
export function PlanChangeForm({ holder, busy, failure, saved, onSave }: Props) {
  const [planType, setPlanType] = useState(
    (PLAN_TYPES as readonly string[]).includes(holder.plan_type) ? holder.plan_type : 'FREE',
  );
  const [flags, setFlags] = useState<PlanFlags>(() => {
    const start = {} as PlanFlags;
    for (const { key } of PLAN_FLAGS) start[key] = holder[key];
    return start;
  });
  return (
    <Form
      className="settings-form"
      aria-label={`Change the plan of ${holder.email}`}
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ plan_type: planType, ...flags });
      }}
    >
      {saved ? <Alert tone="success">Saved. The change is in the history below.</Alert> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Select
        label="Plan type"
        options={PLAN_OPTIONS}
        value={planType}
        onChange={(event) => setPlanType(event.target.value)}
      />
      <fieldset className="settings-flags">
        <legend className="settings-flags__legend">Features</legend>
        {PLAN_FLAGS.map((flag) => (
          <Checkbox
            key={flag.key}
            label={flag.label}
            hint={flag.purpose}
            checked={flags[flag.key]}
            onChange={(event) => setFlags((now) => ({ ...now, [flag.key]: event.target.checked }))}
          />
        ))}
      </fieldset>
      <div className="settings-form__actions">
        <Button type="submit" loading={busy}>
          Save plan
        </Button>
      </div>
    </Form>
  );
}
