import { useEffect, useRef, useState } from 'react';
import type { AnyDraft, DraftStore, ServerOf } from '../../../engine/draft/DraftStore.ts';

export type OpenDraftState<D> =
  | { status: 'waiting' }
  | { status: 'open'; draft: D }
  | { status: 'failed'; message: string };

/**
 * Opens the local draft of a document (a workflow, an email design) once the server's version is known
 * (loaded by the screen's recorded load machine) and closes it when the screen leaves. The open rule
 * (the local draft is replaced only when it has no unsaved changes) is the kernel's (DraftStore.open).
 * `storeOf` gives the store (a promise when it is loaded with the screen's chunk). The draft is opened
 * once per document: a later answer of the server (a retry) does not reopen it.
 */
export function useOpenDraft<D extends AnyDraft>(
  storeOf: () => DraftStore<D> | Promise<DraftStore<D>>,
  id: number,
  server: ServerOf<D> | null,
): OpenDraftState<D> {
  const [state, setState] = useState<OpenDraftState<D>>({ status: 'waiting' });
  const ready = server !== null;
  const storeRef = useRef(storeOf);
  storeRef.current = storeOf;
  // biome-ignore lint/correctness/useExhaustiveDependencies: server is read once, when it first arrives
  useEffect(() => {
    if (!ready || server === null) return;
    let cancelled = false;
    let opened: D | null = null;
    Promise.resolve(storeRef.current())
      .then((store) => store.open(id, async () => server))
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
  }, [id, ready]);
  return state;
}
