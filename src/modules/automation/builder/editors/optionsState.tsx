import type { ReactNode } from 'react';
import type { LoadStatus } from '../../../../../machines/loadMachine.ts';
import type { RequestFailure } from '../../../../domain/requestFailure.ts';
import { Button } from '../../../../ui/Button.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';

type Props = {
  status: LoadStatus;
  hasData: boolean;
  error: RequestFailure | null;
  /** "time zones", "lists" ... */
  noun: string;
  onRetry: () => void;
};

/** The loading and error state of an editor's option list; null once the options are there. */
export function optionsState({ status, hasData, error, noun, onRetry }: Props): ReactNode {
  if (status === 'failure' && error) {
    return (
      <StatePanel
        compact
        kind="error"
        title={`The ${noun} could not be loaded`}
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
  if (!hasData) return <StatePanel compact kind="loading" title={`Loading the ${noun}…`} />;
  return null;
}
