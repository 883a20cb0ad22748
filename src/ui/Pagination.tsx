import { Button } from './Button.tsx';
import './Pagination.css';

export type PaginationProps = {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
  /** What is counted, plural ("emails"). */
  noun: string;
  disabled?: boolean;
};

export function Pagination({ offset, limit, total, onChange, noun, disabled = false }: PaginationProps) {
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + limit, total);
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <nav className="ui-pagination" aria-label={`Pages of ${noun}`}>
      <p className="ui-pagination__summary" aria-live="polite">
        <strong>
          {from}–{to}
        </strong>{' '}
        of <strong>{total}</strong> {noun}
      </p>
      <div className="ui-pagination__controls">
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || offset <= 0}
          onClick={() => onChange(Math.max(0, offset - limit))}
        >
          Previous
        </Button>
        <span className="ui-pagination__page">
          Page {page} of {pages}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || offset + limit >= total}
          onClick={() => onChange(offset + limit)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
