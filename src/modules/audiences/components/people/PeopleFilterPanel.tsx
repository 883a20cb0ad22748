import {
  PEOPLE_FILTER_CATEGORIES,
  PEOPLE_FILTER_LABELS,
  type PeopleFilterCounts,
  type PeopleFilters,
} from '../../../../../domain/audiencePeople.ts';
import { formatThousands } from '../../../../../domain/formatThousands.ts';
import type { LoadStatus } from '../../../../../machines/loadMachine.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Checkbox } from '../../../../ui/Checkbox.tsx';
import { LoadErrorPanel } from '../../../../ui/LoadErrorPanel.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';

type Props = {
  counts: PeopleFilterCounts | null;
  status: LoadStatus;
  /** Why the counts failed to load. */
  error?: string;
  onRetry: () => void;
  filters: PeopleFilters;
  onChange: (filters: PeopleFilters) => void;
};

/**
 * The filter categories, each value with its count; a chosen value stays listed even at 0. Counts that
 * failed to load say so (with Try again) instead of showing the last ones as if they were current.
 */
export function PeopleFilterPanel({ counts, status, error, onRetry, filters, onChange }: Props) {
  const toggle = (category: (typeof PEOPLE_FILTER_CATEGORIES)[number], value: string) => {
    const current = filters[category] ?? [];
    const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
    onChange({ ...filters, [category]: next });
  };
  const chosen = Object.values(filters).reduce((n, values) => n + (values?.length ?? 0), 0);
  return (
    <section className="people-filters" aria-label="Filters">
      <div className="people-filters__head">
        <h2 className="people-filters__title">Filters</h2>
        {chosen > 0 ? (
          <Button variant="ghost" size="sm" onClick={() => onChange({})}>
            Clear filters
          </Button>
        ) : null}
      </div>
      {status === 'failure' ? (
        <LoadErrorPanel compact title="The filters could not be counted" message={error} onRetry={onRetry} />
      ) : null}
      {!counts && status !== 'failure' ? <Spinner label="Loading filters" /> : null}
      {counts && status !== 'failure'
        ? PEOPLE_FILTER_CATEGORIES.map((category) => {
            const selected = filters[category] ?? [];
            const values = [...counts[category]];
            for (const value of selected)
              if (!values.some((v) => v.value === value)) values.push({ value, count: 0 });
            if (values.length === 0) return null;
            return (
              <fieldset key={category} className="people-filters__group">
                <legend>{PEOPLE_FILTER_LABELS[category]}</legend>
                <ul>
                  {values.map((entry) => (
                    <li key={entry.value}>
                      <Checkbox
                        label={
                          <span className="people-filters__value">
                            {entry.value}{' '}
                            <span className="people-filters__count">{formatThousands(entry.count)}</span>
                          </span>
                        }
                        checked={selected.includes(entry.value)}
                        onChange={() => toggle(category, entry.value)}
                      />
                    </li>
                  ))}
                </ul>
              </fieldset>
            );
          })
        : null}
    </section>
  );
}
