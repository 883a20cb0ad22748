import { useState } from 'react';
import { filterSummary, isDefaultFilter } from '../../../../domain/analyticsFilter.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import type { AnalyticsFilter } from '../hooks/useAnalyticsFilter.ts';
import { AnalyticsFilterDialog } from './AnalyticsFilterDialog.tsx';

/**
 * The area's filter bar: what the reports count (the applied filter, in a few words; `forWorkflows`: as
 * the workflow reports count it, all time unless a period was chosen), Filter to change it and Clear
 * filter to go back to the defaults.
 */
export function AnalyticsFilterBar({
  filter,
  forWorkflows = false,
}: {
  filter: AnalyticsFilter;
  forWorkflows?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { applied, selected } = filter.state;
  return (
    <>
      {filter.savedFilterError ? (
        <Alert tone="warning" title="This report link’s filter could not be opened">
          {filter.savedFilterError} The reports show the default filter.
        </Alert>
      ) : null}
      <div className="analytics-filter-bar">
        <ul
          className="analytics-filter-bar__summary"
          aria-label="Applied filter"
          data-testid="analytics-filter-summary"
        >
          {filterSummary(applied, forWorkflows).map((part) => (
            <li key={part}>{part}</li>
          ))}
        </ul>
        <div className="analytics-filter-bar__actions">
          {isDefaultFilter(applied) ? null : (
            <Button variant="ghost" onClick={() => filter.send({ type: 'reset' })}>
              Clear filter
            </Button>
          )}
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Filter
          </Button>
        </div>
        <AnalyticsFilterDialog
          open={open}
          selected={selected}
          send={filter.send}
          onClose={() => setOpen(false)}
        />
      </div>
    </>
  );
}
