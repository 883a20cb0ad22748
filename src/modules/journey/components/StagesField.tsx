import { MAX_STAGES } from '../../../../domain/journeyScoring.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import type { CriteriaEditor } from '../hooks/useCriteriaEditor.ts';

/**
 * The buyer stages, lowest first: a name and the score a contact needs to reach it (the first starts at
 * 0, each above the one before), Remove (one stays), and Add a stage (at most MAX_STAGES).
 */
export function StagesField({ editor }: { editor: CriteriaEditor }) {
  const { form, setForm, errors } = editor;
  const stages = form.stages;
  const change = (i: number, patch: Partial<(typeof stages)[number]>) =>
    setForm({ ...form, stages: stages.map((s, at) => (at === i ? { ...s, ...patch } : s)) });
  const add = () => {
    const top = Number(stages.at(-1)?.min_score ?? 0);
    const next = Number.isFinite(top) ? String(top + 50) : '';
    setForm({ ...form, stages: [...stages, { name: '', min_score: stages.length === 0 ? '0' : next }] });
  };
  return (
    <div className="journey-stage-fields">
      <ol className="journey-rows" aria-label="Buyer stages">
        {stages.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their position is their identity
          <li key={i} className="journey-row" data-testid="journey-stage-row">
            <TextField
              label="Stage name"
              aria-label={`Stage ${i + 1} name`}
              value={s.name}
              error={errors[`stages.${i}.name`]}
              className="journey-row__wide"
              onChange={(event) => change(i, { name: event.target.value })}
            />
            <TextField
              label="From score"
              aria-label={`Stage ${i + 1} from score`}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={s.min_score}
              error={errors[`stages.${i}.min_score`]}
              className="journey-row__narrow"
              onChange={(event) => change(i, { min_score: event.target.value })}
            />
            <Button
              variant="ghost"
              size="sm"
              className="journey-row__remove"
              aria-label={`Remove stage ${s.name || i + 1}`}
              disabled={stages.length <= 1}
              onClick={() => setForm({ ...form, stages: stages.filter((_, at) => at !== i) })}
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      {errors.stages ? (
        <p className="journey-error" role="alert">
          {errors.stages}
        </p>
      ) : null}
      <Button variant="secondary" size="sm" disabled={stages.length >= MAX_STAGES} onClick={add}>
        Add a stage
      </Button>
    </div>
  );
}
