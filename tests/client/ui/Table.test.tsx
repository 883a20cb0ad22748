import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Table, type TableColumn } from '../../../src/ui/Table.tsx';

type Row = { id: string; name: string; sent: number };
const COLUMNS: TableColumn<Row>[] = [
  { id: 'name', header: 'Campaign', cell: (row) => row.name, sortable: true },
  { id: 'sent', header: 'Sent', cell: (row) => String(row.sent), align: 'end' },
];
const ROWS: Row[] = [
  { id: '1', name: 'Quarterly insights', sent: 10 },
  { id: '2', name: 'Welcome series', sent: 20 },
];

afterEach(cleanup);

describe('Table', () => {
  it('shows its rows under a caption, each cell labelled for phones', () => {
    render(<Table caption="Campaigns" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />);
    const table = screen.getByRole('table', { name: 'Campaigns' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Quarterly insights').getAttribute('data-label')).toBe('Campaign');
  });

  it('cycles the sort of a sortable header and exposes it with aria-sort', () => {
    const onSortChange = vi.fn();
    const { rerender } = render(
      <Table
        caption="Campaigns"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(row) => row.id}
        sort={{ columnId: 'name', direction: 'NOSORT' }}
        onSortChange={onSortChange}
      />,
    );
    const header = screen.getByRole('columnheader', { name: 'Campaign' });
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Sent' }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Campaign' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'name', direction: 'ASC' });
    rerender(
      <Table
        caption="Campaigns"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(row) => row.id}
        sort={{ columnId: 'name', direction: 'ASC' }}
        onSortChange={onSortChange}
      />,
    );
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Campaign' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'name', direction: 'DESC' });
  });

  it('shows the loading, empty and error states in place of the rows', () => {
    const { rerender } = render(
      <Table caption="Campaigns" columns={COLUMNS} rows={[]} rowKey={(row) => row.id} loading />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading campaigns');
    expect(screen.getByRole('table').closest('[aria-busy="true"]')).not.toBeNull();
    rerender(
      <Table
        caption="Campaigns"
        columns={COLUMNS}
        rows={[]}
        rowKey={(row) => row.id}
        empty={<p>No campaigns yet</p>}
      />,
    );
    expect(screen.getByText('No campaigns yet')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    rerender(
      <Table
        caption="Campaigns"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(row) => row.id}
        error={<p role="alert">Could not load</p>}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Could not load');
    expect(screen.queryByText('Quarterly insights')).toBeNull();
  });

  it('adds a table’s own classes, test ids and row clicks without losing the table semantics', () => {
    const onClick = vi.fn();
    render(
      <Table
        caption="Campaigns"
        className="campaign-table"
        columns={[
          { ...COLUMNS[0]!, className: 'campaign-table__name', testId: 'campaign-name' },
          COLUMNS[1]!,
        ]}
        rows={ROWS}
        rowKey={(row) => row.id}
        rowProps={(row) => ({
          className: `campaign-table__row--${row.id}`,
          testId: `row-${row.id}`,
          onClick,
        })}
      />,
    );
    const table = screen.getByRole('table', { name: 'Campaigns' });
    expect(table.closest('.ui-table.campaign-table')).not.toBeNull();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Campaign', 'Sent']);
    const row = screen.getByTestId('row-2');
    expect(row.className).toBe('campaign-table__row--2');
    const name = within(row).getByTestId('campaign-name');
    expect(name.textContent).toBe('Welcome series');
    expect(name.className).toBe('ui-table__cell--start campaign-table__name');
    expect(name.getAttribute('data-label')).toBe('Campaign');
    fireEvent.click(within(row).getByText('20'));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
