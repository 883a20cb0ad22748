import { useEffect, useState } from 'react';
import type { ServerWorkflow, WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';
import type { WorkflowDraftStore } from '../../../../engine/WorkflowDraftStore.ts';

export type OpenDraftState =
  | { status: 'waiting' }
  | { status: 'open'; draft: WorkflowDraft }
  | { status: 'failed'; message: string };

/**
 * Opens the local draft of a workflow once the server's version is known (get_workflow_details, loaded by
 * the recorded load machine) and closes it when the builder leaves. The open rule (replace the local
 * draft only when it has no unsaved changes) is the engine's (WorkflowDraftStore.open).
 */
export function useOpenDraft(
  store: WorkflowDraftStore,
  workflowId: number,
  server: ServerWorkflow | null,
): OpenDraftState {
  const [state, setState] = useState<OpenDraftState>({ status: 'waiting' });
  const ready = server !== null;
  // The draft is opened once per builder: a later details answer (a retry) does not reopen it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: server is read once, when it first arrives
  useEffect(() => {
    if (!ready || !server) return;
    let cancelled = false;
    let opened: WorkflowDraft | null = null;
    store
      .open(workflowId, async () => server)
      .then(
        ({ draft }) => {
          opened = draft;
          if (cancelled) void draft.close();
          else setState({ status: 'open', draft });
        },
        (error: unknown) => {
          if (!cancelled) {
            setState({
              status: 'failed',
              message: error instanceof Error ? error.message : 'The local draft could not be opened.',
            });
          }
        },
      );
    return () => {
      cancelled = true;
      if (opened) void opened.close();
      setState({ status: 'waiting' });
    };
  }, [store, workflowId, ready]);
  return state;
}
