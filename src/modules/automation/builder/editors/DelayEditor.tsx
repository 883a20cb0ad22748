import { memo, useEffect, useId, useState } from 'react';
import { stripLeadingZeros } from '../../../../../domain/stripLeadingZeros.ts';
import {
  BUSINESS_DAYS,
  DAY_OPTIONS,
  HOUR_OPTIONS,
  WEEKDAYS,
} from '../../../../../domain/workflowCatalogue.ts';
import type { DayOption, DelayUnit, FlowNode, NodeDetail } from '../../../../../domain/workflowTypes.ts';
import { Checkbox } from '../../../../ui/Checkbox.tsx';
import { Radio } from '../../../../ui/Radio.tsx';
import { Select } from '../../../../ui/Select.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { optionsState } from '../../../shared/components/optionsState.tsx';
import { defaultTimezone, useEditorStaticData } from './EditorStaticDataContext.ts';
import type { NodeEdit } from './useNodeEdit.ts';

type Props = { node: FlowNode; edit: NodeEdit };

const UNITS: readonly { value: DelayUnit; label: string }[] = [
  { value: 'minutes', label: 'Minutes' },
  { value: 'hours', label: 'Hours' },
  { value: 'days', label: 'Days' },
  { value: 'weeks', label: 'Weeks' },
];
export const MAX_DELAY_VALUE = 999;

type WaitUntil = NonNullable<NodeDetail['waitUntil']>;

/** Validation of the typed delay: a whole number from 1 to 999. */
export function delayValueError(text: string): string | null {
  if (text.trim() === '') return 'Enter how long to wait.';
  if (!/^\d+$/.test(text)) return 'Enter a whole number.';
  const value = Number(text);
  if (value < 1) return 'The delay must be at least 1.';
  if (value > MAX_DELAY_VALUE) return `The delay can be at most ${MAX_DELAY_VALUE}.`;
  return null;
}

function dayOptionOf(days: readonly string[]): DayOption {
  return days.length === BUSINESS_DAYS.length && BUSINESS_DAYS.every((day) => days.includes(day))
    ? 'business'
    : 'all';
}

/**
 * Delay: wait a duration (value + unit; radioValue 1), or wait until (radioValue 2) a day (all days,
 * business days Mon-Fri, or chosen weekdays) and an hour (12 am .. 11 pm, in clock order) in a time zone. Leading zeros of
 * the typed value are stripped; an invalid value (e.g. 0) is shown inline and not written.
 */
export const DelayEditor = memo(function DelayEditor({ node, edit }: Props) {
  const id = useId();
  const detail = node.detail;
  const staticData = useEditorStaticData();
  const timezones = staticData.data?.data.timezones ?? [];
  const duration = detail.duration ?? { value: 1, unit: 'days' as DelayUnit };
  const [text, setText] = useState(String(duration.value));
  // Another tab (or undo) changed the stored value: show it.
  useEffect(() => setText(String(duration.value)), [duration.value]);
  const error = delayValueError(text);
  const mode = detail.radioValue === 2 ? 2 : 1;
  const waitUntil: WaitUntil = detail.waitUntil ?? {
    dayOption: 'all',
    days: [...WEEKDAYS],
    hour: 9,
    timezone: defaultTimezone(timezones),
  };
  const setWait = (next: Partial<WaitUntil>, field: string) =>
    edit.patch({ waitUntil: { ...waitUntil, ...next } }, `waitUntil.${field}`);

  const tzState = optionsState({
    status: staticData.status,
    hasData: staticData.data !== null,
    error: staticData.error,
    noun: 'time zones',
    onRetry: () => staticData.load(undefined),
  });

  return (
    <>
      <fieldset className="node-editor__fieldset">
        <legend>Wait</legend>
        <Radio
          className="node-editor__radio"
          name={`${id}-mode`}
          checked={mode === 1}
          onChange={() => edit.patch({ radioValue: 1 }, 'radioValue')}
          label="For a duration"
        />
        <Radio
          className="node-editor__radio"
          name={`${id}-mode`}
          checked={mode === 2}
          onChange={() =>
            edit.patch(detail.waitUntil ? { radioValue: 2 } : { radioValue: 2, waitUntil }, 'radioValue')
          }
          label="Until a day and time"
        />
      </fieldset>
      {mode === 1 ? (
        <div className="node-editor__row">
          <TextField
            label="Wait for"
            inputMode="numeric"
            value={text}
            error={error ?? undefined}
            onChange={(event) => {
              const next = stripLeadingZeros(event.target.value.replace(/\s/g, ''));
              setText(next);
              if (!delayValueError(next)) {
                edit.patch({ duration: { ...duration, value: Number(next) } }, 'duration.value');
              }
            }}
            onBlur={edit.endStep}
          />
          <Select
            label="Unit"
            value={duration.unit}
            options={UNITS.map((unit) => ({ ...unit }))}
            onChange={(event) =>
              edit.patch(
                { duration: { ...duration, unit: event.target.value as DelayUnit } },
                'duration.unit',
              )
            }
          />
        </div>
      ) : (
        <>
          <Select
            label="Days"
            value={waitUntil.dayOption}
            options={DAY_OPTIONS.map((option) => ({ ...option }))}
            onChange={(event) => {
              const dayOption = event.target.value as DayOption;
              setWait(
                { dayOption, days: dayOption === 'business' ? [...BUSINESS_DAYS] : [...WEEKDAYS] },
                'days',
              );
            }}
          />
          <fieldset className="node-editor__fieldset node-editor__fieldset--inner">
            <legend>On these weekdays</legend>
            {WEEKDAYS.map((day) => (
              <Checkbox
                key={day}
                label={day}
                checked={waitUntil.days.includes(day)}
                onChange={(event) => {
                  const days = WEEKDAYS.filter((d) =>
                    d === day ? event.target.checked : waitUntil.days.includes(d),
                  );
                  setWait({ days, dayOption: dayOptionOf(days) }, 'days');
                }}
              />
            ))}
            {waitUntil.days.length === 0 ? (
              <p className="node-editor__error" role="alert">
                Choose at least one weekday.
              </p>
            ) : null}
          </fieldset>
          <Select
            label="Hour"
            value={String(waitUntil.hour)}
            options={HOUR_OPTIONS.map((hour) => ({ value: String(hour.value), label: hour.label }))}
            onChange={(event) => setWait({ hour: Number(event.target.value) }, 'hour')}
          />
          {tzState ?? (
            <Select
              label="Time zone"
              value={waitUntil.timezone}
              options={(timezones.includes(waitUntil.timezone)
                ? timezones
                : [waitUntil.timezone, ...timezones]
              ).map((zone) => ({ value: zone, label: zone }))}
              onChange={(event) => setWait({ timezone: event.target.value }, 'timezone')}
            />
          )}
        </>
      )}
    </>
  );
});
