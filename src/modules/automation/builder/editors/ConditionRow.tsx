import { CONDITION_CONTROLS, WEEKDAYS } from '../../../../../domain/workflowCatalogue.ts';
import type { Condition, ConditionType, ContactListOption } from '../../../../../domain/workflowTypes.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Checkbox } from '../../../../ui/Checkbox.tsx';
import { Select } from '../../../../ui/Select.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { DAY_VERBS, EMAIL_CONDITIONS, LINK_CONDITIONS, TIME_VERBS } from './conditionDefaults.ts';
import { LinkSelect } from './LinkSelect.tsx';
import { SHARE_PROFILE_PLACEHOLDERS } from './shareProfileDefaults.ts';
import type { WorkflowEmailOption } from './workflowEmailOptions.ts';

type Props = {
  index: number;
  condition: Condition;
  emails: readonly WorkflowEmailOption[];
  /** null while the lists load (or failed: the list state is shown by the parent). */
  lists: readonly ContactListOption[] | null;
  timezones: readonly string[];
  nodeId: string;
  workflowId: number;
  onType: (type: ConditionType) => void;
  onChange: (patch: Partial<Condition>, field: string) => void;
  onRemove: () => void;
};

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

function withCurrent(values: readonly string[], current: string | null | undefined): string[] {
  return current && !values.includes(current) ? [current, ...values] : [...values];
}

/** One test of an If / Else step: its type and the fields that type uses. */
export function ConditionRow(props: Props) {
  const { index, condition, emails, lists, timezones, onChange } = props;
  const type = condition.conditionType;
  const emailKnown = emails.some((email) => email.emailId === condition.emailId);
  const timezoneSelect = (
    <Select
      label="Time zone"
      value={condition.timezone ?? ''}
      options={withCurrent(timezones, condition.timezone).map((zone) => ({ value: zone, label: zone }))}
      onChange={(event) => onChange({ timezone: event.target.value }, 'timezone')}
    />
  );

  return (
    <fieldset className="node-editor__fieldset node-editor__condition">
      <legend>Condition {index + 1}</legend>
      <Select
        label="Test"
        value={type}
        options={CONDITION_CONTROLS.map((control) => ({
          value: control.controlName,
          label: control.controlName[0]?.toUpperCase() + control.controlName.slice(1),
        }))}
        onChange={(event) => props.onType(event.target.value as ConditionType)}
      />
      {EMAIL_CONDITIONS.includes(type) ? (
        <Select
          label="Email"
          value={condition.emailId ? String(condition.emailId) : ''}
          error={emails.length === 0 ? 'Add a send-email step or a trigger email first.' : undefined}
          options={[
            { value: '', label: SHARE_PROFILE_PLACEHOLDERS.email, disabled: Boolean(condition.emailId) },
            ...(condition.emailId && !emailKnown
              ? [
                  {
                    value: String(condition.emailId),
                    label: `${condition.emailName ?? `Email ${condition.emailId}`} (not in the workflow)`,
                  },
                ]
              : []),
            ...emails.map((email) => ({
              value: String(email.emailId),
              label: email.source === 'trigger' ? `${email.emailName} (trigger)` : email.emailName,
            })),
          ]}
          onChange={(event) => {
            const chosen = emails.find((email) => email.emailId === Number(event.target.value));
            if (!chosen) return;
            const reset = LINK_CONDITIONS.includes(type) ? { link: null } : {};
            onChange({ emailId: chosen.emailId, emailName: chosen.emailName, ...reset }, 'email');
          }}
        />
      ) : null}
      {LINK_CONDITIONS.includes(type) && condition.emailId ? (
        <LinkSelect
          emailId={condition.emailId}
          nodeId={props.nodeId}
          workflowId={props.workflowId}
          value={condition.link}
          onChange={(link) => onChange({ link }, 'link')}
        />
      ) : null}
      {type === 'current day' ? (
        <>
          <Select
            label="Day"
            value={condition.verb ?? 'is'}
            options={DAY_VERBS.map((verb) => ({ value: verb, label: verb }))}
            onChange={(event) => onChange({ verb: event.target.value }, 'verb')}
          />
          <fieldset className="node-editor__fieldset node-editor__fieldset--inner">
            <legend>Weekdays</legend>
            {WEEKDAYS.map((day) => (
              <Checkbox
                key={day}
                label={day}
                checked={(condition.day ?? []).includes(day)}
                onChange={(event) =>
                  onChange(
                    {
                      day: WEEKDAYS.filter((d) =>
                        d === day ? event.target.checked : (condition.day ?? []).includes(d),
                      ),
                    },
                    'day',
                  )
                }
              />
            ))}
            {(condition.day ?? []).length === 0 ? (
              <p className="node-editor__error">Choose at least one weekday.</p>
            ) : null}
          </fieldset>
          {timezoneSelect}
        </>
      ) : null}
      {type === 'current time' ? (
        <>
          <Select
            label="Time is"
            value={condition.verb ?? 'after'}
            options={TIME_VERBS.map((verb) => ({ value: verb, label: verb }))}
            onChange={(event) => onChange({ verb: event.target.value }, 'verb')}
          />
          <TextField
            label="Time"
            type="time"
            value={condition.time ?? ''}
            error={
              condition.time && !TIME_PATTERN.test(condition.time) ? 'Enter a time as HH:MM.' : undefined
            }
            onChange={(event) => onChange({ time: event.target.value }, 'time')}
          />
          {timezoneSelect}
        </>
      ) : null}
      {type === 'list' ? (
        lists ? (
          <Select
            label="List"
            value={condition.listId ? String(condition.listId) : ''}
            error={lists.length === 0 ? 'You have no lists yet.' : undefined}
            options={[
              { value: '', label: 'Select a list', disabled: Boolean(condition.listId) },
              ...(condition.listId && !lists.some((list) => list.list_id === condition.listId)
                ? [
                    {
                      value: String(condition.listId),
                      label: condition.listName ?? `List ${condition.listId}`,
                    },
                  ]
                : []),
              ...lists.map((list) => ({ value: String(list.list_id), label: list.list_name })),
            ]}
            onChange={(event) => {
              const chosen = lists.find((list) => list.list_id === Number(event.target.value));
              if (chosen) onChange({ listId: chosen.list_id, listName: chosen.list_name }, 'list');
            }}
          />
        ) : null
      ) : null}
      <Button variant="ghost" size="sm" onClick={props.onRemove}>
        Remove condition {index + 1}
      </Button>
    </fieldset>
  );
}
