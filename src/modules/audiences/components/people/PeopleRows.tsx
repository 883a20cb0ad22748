import type { ReactNode } from 'react';
import type { PersonRow } from '../../../../../domain/audiencePeople.ts';
import { Alert } from '../../../../ui/Alert.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { LoadErrorPanel } from '../../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { isSelected, toggleSelected } from '../../../shared/utils/rowSelection.ts';
import type { PeopleScreen } from '../../hooks/usePeopleScreen.ts';
import { PeopleTable } from './PeopleTable.tsx';

/** A load that failed while rows stand: what failed, why, and Try again. */
function RetryAlert({
  title,
  onRetry,
  children,
}: {
  title: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <Alert
      tone="error"
      title={title}
      actions={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

/**
 * The people of the current query and the state of their load: loading (the rows of the query before,
 * dimmed and out of reach), failed with nothing of this query loaded (the error and Try again in their
 * place), a reload that failed (its error above the rows loaded before), "Show more" and its own failure.
 */
export function PeopleRows({
  screen,
  onOpen,
}: {
  screen: PeopleScreen;
  onOpen: (person: PersonRow) => void;
}) {
  const { shown, status, selection, setSelection } = screen;
  if (!shown && status === 'failure')
    return (
      <LoadErrorPanel
        title="People could not be loaded"
        message={screen.error?.message}
        onRetry={screen.retry}
      />
    );
  const waiting = shown === null;
  const reloadFailed = shown !== null && status === 'failure' && !screen.moreFailed;
  return (
    <>
      {reloadFailed ? (
        <RetryAlert title="People could not be loaded again" onRetry={screen.retry}>
          {screen.error?.message} The people below are those loaded before.
        </RetryAlert>
      ) : null}
      <div className="people-rows" inert={waiting || undefined}>
        <PeopleTable
          rows={shown?.rows ?? screen.previousRows}
          loading={waiting || (status === 'loading' && !screen.loadingMore)}
          sort={screen.sort}
          onSortChange={screen.setSort}
          isSelected={(id) => isSelected(selection, id)}
          onToggle={(id) => setSelection((current) => toggleSelected(current, id))}
          onOpen={onOpen}
          empty={
            <StatePanel
              compact
              kind="empty"
              title={screen.searched ? 'No one matches' : 'No people here yet'}
            >
              {screen.searched ? 'Try another search or clear the filters.' : 'Create a contact to start.'}
            </StatePanel>
          }
        />
      </div>
      {screen.moreFailed ? (
        <div className="people-more">
          <RetryAlert title="More people could not be loaded" onRetry={screen.retry}>
            {screen.error?.message}
          </RetryAlert>
        </div>
      ) : shown?.hasMore ? (
        <div className="people-more">
          <Button variant="secondary" loading={screen.loadingMore} onClick={screen.loadMore}>
            Show more
          </Button>
        </div>
      ) : null}
    </>
  );
}
