import { useId } from 'react';
import type { AnalyticsQuery } from '../../../../domain/analyticsFilterSearch.ts';
import type { AnalyticsExportCall } from '../../../../domain/analyticsTypes.ts';
import { FEATURE_MISSING_TEXT } from '../../../../domain/featureFlags.ts';
import type { AnalyticsExportRequest } from '../../../api/analyticsApi.ts';
import type { FormFields } from '../../../api/client.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { Menu } from '../../../ui/Menu.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useFeature } from '../../shared/hooks/useFeature.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import type { PagedList } from '../../shared/hooks/usePagedList.ts';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * The one export control of the analytics screens. A section passes:
 * - `call`: the report call that exports (analytics_dashboard, campaigns_analytics, contacts_listing ...);
 * - `query`: the applied filter the report counts (its selection fields are sent as the report sends them);
 * - `fields`: the report's own current fields besides the selection (search, tab, sort: what it asked for,
 *   without limit and offset, as the export holds every row; {} for none); export_analytics=1 and
 *   export_format are added;
 * - `what`: the report in a few words, for the button's accessible name ("Export the dashboard");
 * - `empty`: the report has nothing to export (all its stats are zero, or it counts no article or row);
 * - `failed`: the report's load failed;
 * - `loading`: the report has not answered yet.
 * Export is disabled while any of the last three holds. A paged report gives its `list` instead: empty,
 * failed and loading are read from it (exportStateOf).
 */
export type ExportReportButtonProps = {
  call: AnalyticsExportCall;
  query: AnalyticsQuery;
  fields: FormFields;
  what: string;
} & ({ empty: boolean; failed: boolean; loading?: boolean } | { list: PagedReportState });

/** What a paged report's export reads of its list. */
export type PagedReportState = Pick<
  PagedList<unknown, unknown, string, string>,
  'latest' | 'total' | 'status' | 'appending'
>;

/** A paged report's export state: nothing before its first answer, nothing when it failed or is empty. */
export function exportStateOf(list: PagedReportState): { empty: boolean; failed: boolean; loading: boolean } {
  return {
    empty: list.latest !== null && list.total === 0,
    failed: list.status === 'failure' && !list.appending,
    loading: list.latest === null,
  };
}

const stateOf = (props: ExportReportButtonProps) =>
  'list' in props ? exportStateOf(props.list) : { loading: false, ...props };

/** Why export is off, for the disabled button's description; null when it is on. */
function disabledReason(props: ExportReportButtonProps, premium: boolean | null): string | null {
  const { empty, failed, loading } = stateOf(props);
  if (premium === false) return FEATURE_MISSING_TEXT.premium;
  if (failed) return 'The report could not be loaded, so there is nothing to export.';
  if (loading) return 'The report is loading.';
  if (empty) return 'Nothing to export: the report counts nothing in this period.';
  return null;
}

/**
 * Export as CSV or Excel: asks the report's call for an export, which the service writes in the
 * background and emails as a link; the screen then says where the link went (or why it failed).
 */
export function ExportReportButton(props: ExportReportButtonProps) {
  const api = useServices().analyticsApi;
  const hintId = useId();
  const request = useLoad(
    (r: AnalyticsExportRequest, signal) => api.exportReport(r, signal),
    'analytics-export',
  );
  // Exports are a premium feature: without it the control says so (the server refuses them too).
  const premium = useFeature('premium');
  const reason = disabledReason(props, premium);
  const start = (format: ExportFormat) =>
    request.load({ call: props.call, query: props.query, fields: props.fields, format });
  const busy = request.status === 'loading';
  return (
    <div className="analytics-export">
      <div className="analytics-export__control">
        {reason !== null || busy ? (
          <>
            <Button
              variant="secondary"
              disabled
              loading={busy}
              aria-label={`Export ${props.what}`}
              aria-describedby={reason ? hintId : undefined}
            >
              {busy ? 'Exporting…' : 'Export'}
            </Button>
            {reason ? (
              <span
                id={hintId}
                className={premium === false ? 'analytics-export__hint' : 'ui-visually-hidden'}
              >
                {reason}
              </span>
            ) : null}
          </>
        ) : (
          <Menu
            label={`Export ${props.what}`}
            trigger="Export"
            triggerClassName={buttonClassName('secondary')}
            items={[
              { id: 'csv', label: 'CSV file', onSelect: () => start('csv') },
              { id: 'xlsx', label: 'Excel file (XLSX)', onSelect: () => start('xlsx') },
            ]}
          />
        )}
      </div>
      {request.status === 'success' && request.data ? (
        <Alert tone="success" title="Export started">
          An email has been sent to {request.data.email_address} with the download link.
        </Alert>
      ) : null}
      {request.status === 'failure' && request.error ? (
        <Alert tone="error" title="The export could not be started">
          {request.error.message}
        </Alert>
      ) : null}
    </div>
  );
}
