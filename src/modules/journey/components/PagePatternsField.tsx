import { MAX_PAGE_PATTERNS } from '../../../../domain/journeyScoring.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import type { CriteriaEditor } from '../hooks/useCriteriaEditor.ts';

/**
 * Extra points for a visit to a page whose path matches a pattern ("/pricing", "/blog/*"): a row per
 * pattern with its points and Remove, and Add a page pattern (at most MAX_PAGE_PATTERNS).
 */
export function PagePatternsField({ editor }: { editor: CriteriaEditor }) {
  const { form, setForm, errors } = editor;
  const patterns = form.page_patterns;
  const change = (i: number, patch: Partial<(typeof patterns)[number]>) =>
    setForm({ ...form, page_patterns: patterns.map((p, at) => (at === i ? { ...p, ...patch } : p)) });
  return (
    <div className="journey-patterns">
      {patterns.length === 0 ? (
        <p className="journey-muted">No page patterns: every page view gives the same points.</p>
      ) : (
        <ul className="journey-rows" aria-label="Page patterns">
          {patterns.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their position is their identity
            <li key={i} className="journey-row" data-testid="journey-pattern-row">
              <TextField
                label="Page pattern"
                aria-label={`Page pattern ${i + 1}`}
                placeholder="/pricing*"
                value={p.pattern}
                error={errors[`page_patterns.${i}.pattern`]}
                className="journey-row__wide"
                onChange={(event) => change(i, { pattern: event.target.value })}
              />
              <TextField
                label="Points"
                aria-label={`Points for pattern ${i + 1}`}
                type="number"
                inputMode="numeric"
                step={1}
                value={p.points}
                error={errors[`page_patterns.${i}.points`]}
                className="journey-row__narrow"
                onChange={(event) => change(i, { points: event.target.value })}
              />
              <Button
                variant="ghost"
                size="sm"
                className="journey-row__remove"
                aria-label={`Remove page pattern ${p.pattern || i + 1}`}
                onClick={() => setForm({ ...form, page_patterns: patterns.filter((_, at) => at !== i) })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {errors.page_patterns ? (
        <p className="journey-error" role="alert">
          {errors.page_patterns}
        </p>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        disabled={patterns.length >= MAX_PAGE_PATTERNS}
        onClick={() => setForm({ ...form, page_patterns: [...patterns, { pattern: '', points: '5' }] })}
      >
        Add a page pattern
      </Button>
    </div>
  );
}
