import { TextField } from '../../../ui/TextField.tsx';
import type { CriteriaEditor } from '../hooks/useCriteriaEditor.ts';
import { JOURNEY_ACTIVITY_POINTS } from '../journeyActivityLabels.ts';

/** Points per activity, and the decay half-life: how fast points fade. */
export function PointsFields({ editor }: { editor: CriteriaEditor }) {
  const { form, setForm, errors } = editor;
  return (
    <div className="journey-points">
      {JOURNEY_ACTIVITY_POINTS.map((activity) => (
        <TextField
          key={activity.key}
          label={activity.label}
          type="number"
          inputMode="numeric"
          step={1}
          value={form[activity.key]}
          error={errors[activity.key]}
          hint={activity.key === 'unsubscribe' ? 'Taken away: 0 or less.' : undefined}
          onChange={(event) => setForm({ ...form, [activity.key]: event.target.value })}
        />
      ))}
      <TextField
        label="Half-life (days)"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={form.half_life_days}
        error={errors.half_life_days}
        hint="Points count half as much after this many days."
        onChange={(event) => setForm({ ...form, half_life_days: event.target.value })}
      />
    </div>
  );
}
