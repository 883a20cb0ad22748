import { Link } from '@tanstack/react-router';
import type { TableColumn } from '../../../ui/Table.tsx';
import { UserText } from '../../../ui/UserText.tsx';

/** A report table's column of a campaign's name, a link to the campaign. */
export const campaignColumn = <Row extends { campaign_id: number; campaign_name: string }>(
  width: string,
): TableColumn<Row> => ({
  id: 'name',
  header: 'Campaign',
  width,
  cell: (row) => (
    <Link
      to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
      params={{ page: 'campaign', tab: undefined, subTab: undefined }}
      search={{ campaign_id: String(row.campaign_id) } as never}
    >
      <UserText>{row.campaign_name}</UserText>
    </Link>
  ),
});
