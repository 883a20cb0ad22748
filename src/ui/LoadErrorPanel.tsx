import { Button } from './Button.tsx';
import { StatePanel } from './StatePanel.tsx';

export type LoadErrorPanelProps = {
  /** What could not be loaded: "The mailbox could not be loaded". */
  title: string;
  /** Why, as the request layer put it. */
  message?: string;
  onRetry: () => void;
  /** Inside a table or panel rather than in place of a page's content. */
  compact?: boolean;
};

/** A load that failed: the error state, what went wrong and "Try again". */
export function LoadErrorPanel({ title, message, onRetry, compact = false }: LoadErrorPanelProps) {
  return (
    <StatePanel
      compact={compact}
      kind="error"
      title={title}
      actions={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {message}
    </StatePanel>
  );
}
