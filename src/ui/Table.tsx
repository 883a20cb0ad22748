import type { ReactNode } from 'react';
import { Spinner } from './Spinner.tsx';
import './Table.css';

/** The spec's sort directions. */
export type SortDirection = 'ASC' | 'DESC' | 'NOSORT';

export type TableSort = { columnId: string; direction: SortDirection };

export type TableColumn<Row> = {
  id: string;
  /** The header text; also labels the cell on phones, where rows become cards. */
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'start' | 'end';
  sortable?: boolean;
  /** CSS width of the column (e.g. "30%", "120px"). */
  width?: string;
  /** A class for the column's cells (not its header), for a table's own layout. */
  className?: string;
  /** data-testid of the column's cells. */
  testId?: string;
};

/** What a table may add to one of its rows. */
export type TableRowProps = {
  className?: string;
  testId?: string;
  /** A click anywhere on the row (keep a real button or link in it for the keyboard). */
  onClick?: () => void;
};

export type TableProps<Row> = {
  /** What the table shows; read by screen readers, and shown unless captionHidden. */
  caption: string;
  captionHidden?: boolean;
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** A class, test id or click for each row. */
  rowProps?: (row: Row) => TableRowProps;
  /** A class beside .ui-table on the wrapper, for a table's own styles. */
  className?: string;
  /** Loading: a spinner row when there are no rows yet, otherwise the rows dim while busy. */
  loading?: boolean;
  /** Shown in place of the rows when there are none (a StatePanel, usually compact). */
  empty?: ReactNode;
  /** Shown in place of the rows when loading failed. */
  error?: ReactNode;
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
};

const ARIA_SORT: Record<SortDirection, 'ascending' | 'descending' | undefined> = {
  ASC: 'ascending',
  DESC: 'descending',
  NOSORT: undefined,
};

/** Next direction of a sortable header: none -> ascending -> descending -> none. */
const nextDirection = (current: SortDirection): SortDirection =>
  current === 'NOSORT' ? 'ASC' : current === 'ASC' ? 'DESC' : 'NOSORT';

/** A data table with its loading, empty and error states; on phones each row becomes a labelled card. */
export function Table<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  rowProps,
  className,
  loading = false,
  empty,
  error,
  sort,
  onSortChange,
}: TableProps<Row>) {
  const fullRow = (content: ReactNode) => (
    <tr className="ui-table__state-row">
      <td colSpan={columns.length}>{content}</td>
    </tr>
  );

  let body: ReactNode;
  if (error) body = fullRow(error);
  else if (loading && rows.length === 0)
    body = fullRow(
      <div className="ui-table__loading">
        <Spinner label={`Loading ${caption.toLowerCase()}`} />
      </div>,
    );
  else if (rows.length === 0) body = fullRow(empty ?? <p className="ui-table__none">Nothing to show.</p>);
  else
    body = rows.map((row) => {
      const extra = rowProps?.(row);
      return (
        <tr
          key={rowKey(row)}
          className={extra?.className}
          data-testid={extra?.testId}
          onClick={extra?.onClick}
        >
          {columns.map((column) => (
            <td
              key={column.id}
              data-label={column.header}
              data-testid={column.testId}
              className={`ui-table__cell--${column.align ?? 'start'}${column.className ? ` ${column.className}` : ''}`}
            >
              {column.cell(row)}
            </td>
          ))}
        </tr>
      );
    });

  return (
    <div
      className={`ui-table${className ? ` ${className}` : ''}${loading && rows.length > 0 ? ' ui-table--busy' : ''}`}
      aria-busy={loading || undefined}
    >
      <table className="ui-table__table">
        <caption className={captionHidden ? 'ui-visually-hidden' : 'ui-table__caption'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const direction = sort?.columnId === column.id ? sort.direction : 'NOSORT';
              return (
                <th
                  key={column.id}
                  scope="col"
                  style={column.width ? { width: column.width } : undefined}
                  className={`ui-table__cell--${column.align ?? 'start'}`}
                  aria-sort={column.sortable ? (ARIA_SORT[direction] ?? 'none') : undefined}
                >
                  {column.sortable && onSortChange ? (
                    <button
                      type="button"
                      className="ui-table__sort"
                      onClick={() =>
                        onSortChange({ columnId: column.id, direction: nextDirection(direction) })
                      }
                    >
                      {column.header}
                      <span
                        className={`ui-table__sort-icon ui-table__sort-icon--${direction}`}
                        aria-hidden="true"
                      />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}
