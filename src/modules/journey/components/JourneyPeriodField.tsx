import { DATE_OPTIONS, type DateOption, type PeriodChoice } from '../../../../domain/analyticsPeriod.ts';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';

/** The period of the sources, as analytics chooses it: the date options, and Custom with its two days. */
export function JourneyPeriodField({
  choice,
  onChange,
}: {
  choice: PeriodChoice;
  onChange: (next: PeriodChoice) => void;
}) {
  return (
    <div className="journey-period">
      <Select
        label="Period"
        value={choice.option}
        options={DATE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
        onChange={(event) => onChange({ ...choice, option: event.target.value as DateOption })}
      />
      {choice.option === 'custom' ? (
        <>
          <TextField
            label="From"
            type="date"
            value={choice.customStart ?? ''}
            onChange={(event) => onChange({ ...choice, customStart: event.target.value || null })}
          />
          <TextField
            label="To"
            type="date"
            value={choice.customEnd ?? ''}
            onChange={(event) => onChange({ ...choice, customEnd: event.target.value || null })}
          />
        </>
      ) : null}
    </div>
  );
}
