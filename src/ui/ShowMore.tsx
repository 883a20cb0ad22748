import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import './ShowMore.css';

export type ShowMoreProps = {
  /** How many are shown of how many ("Showing 20 of 134 emails"), read out when it changes. */
  summary: ReactNode;
  /** There are more to show: the button is offered. */
  hasMore: boolean;
  /** The next page is loading. */
  loading: boolean;
  onShowMore: () => void;
  /** What is shown, plural ("emails"): the button reads "Show more emails" to a screen reader. */
  noun: string;
  /** The next page failed: why, with Try again in place of Show more. */
  failure?: { message: string; onRetry: () => void } | null;
};

/**
 * The product's one pager: a list grows by a page at a time with "Show more" (later pages appended), and
 * says how many of how many it shows. A next page that failed says so, with Try again.
 */
export function ShowMore({ summary, hasMore, loading, onShowMore, noun, failure = null }: ShowMoreProps) {
  return (
    <div className="ui-show-more">
      <p className="ui-show-more__summary" aria-live="polite">
        {summary}
      </p>
      {failure ? (
        <div className="ui-show-more__failure" role="alert">
          <span>
            More {noun} could not be loaded: {failure.message}
          </span>
          <Button variant="secondary" size="sm" onClick={failure.onRetry}>
            Try again
          </Button>
        </div>
      ) : hasMore ? (
        <Button variant="secondary" loading={loading} onClick={onShowMore}>
          Show more <span className="ui-visually-hidden">{noun}</span>
        </Button>
      ) : null}
    </div>
  );
}
