import type { ReactNode } from 'react';
import type { RequestFailure } from '../../../../domain/requestFailure.ts';
import type { LoadStatus } from '../../../../machines/loadMachine.ts';
import { Button } from '../../../ui/Button.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';

type Props = {
  status: LoadStatus;
  hasData: boolean;
  error: RequestFailure | null;
  /** "time zones", "lists" ... */
  noun: string;
  /** "the" (a node editor: "Loading the lists…") or "your" (the create screen: "Loading your lists…"). */
  determiner?: 'the' | 'your';
  onRetry: () => void;
};

/**
 * The loading and error state (with "Try again") of an option list, on the create screen or in a node
 * editor; null once the options are there.
 */
export function optionsState({
  status,
  hasData,
  error,
  noun,
  determiner = 'the',
  onRetry,
}: Props): ReactNode {
  if (status === 'failure' && error) {
    const capitalised = determiner === 'your' ? 'Your' : 'The';
    return (
      <StatePanel
        compact
        kind="error"
        title={`${capitalised} ${noun} could not be loaded`}
        actions={
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        {error.message}
      </StatePanel>
    );
  }
  if (!hasData) return <StatePanel compact kind="loading" title={`Loading ${determiner} ${noun}…`} />;
  return null;
}
