import { formatThousands } from '../../../../../domain/formatThousands.ts';
import type { WorkflowGraphSeries } from '../../../../../domain/workflowTypes.ts';
import { UserText } from '../../../../ui/UserText.tsx';
import { emailEventTotals } from '../../../shared/utils/emailEventChartLayout.ts';

/** The graph's figures as a table: totals per email (the accessible summary of the chart). */
export function WorkflowGraphSummary({ series }: { series: readonly WorkflowGraphSeries[] }) {
  const layout = emailEventTotals(series);
  return (
    <table className="automation-graph__table">
      <caption>Totals per email in the period</caption>
      <thead>
        <tr>
          <th scope="col">Email</th>
          <th scope="col">Sends</th>
          <th scope="col">Opens</th>
          <th scope="col">Clicks</th>
        </tr>
      </thead>
      <tbody>
        {layout.perEmail.map((row) => (
          <tr key={row.email_id}>
            <th scope="row">
              <UserText>{row.email_name}</UserText>
            </th>
            <td>{formatThousands(row.sends)}</td>
            <td>{formatThousands(row.opens)}</td>
            <td>{formatThousands(row.clicks)}</td>
          </tr>
        ))}
      </tbody>
      {layout.perEmail.length > 1 ? (
        <tfoot>
          <tr>
            <th scope="row">All emails</th>
            <td>{formatThousands(layout.totals.sends)}</td>
            <td>{formatThousands(layout.totals.opens)}</td>
            <td>{formatThousands(layout.totals.clicks)}</td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}
