import { useEffect, useState } from 'react';
import type { DesignDraft, ServerDesign } from '../../../../engine/design/DesignDraft.ts';
import type { DesignDraftStore } from '../../../../engine/design/DesignDraftStore.ts';

export type OpenDesignState =
  | { status: 'waiting' }
  | { status: 'open'; draft: DesignDraft }
  | { status: 'failed'; message: string; error: unknown };

/**
 * Opens the local design draft once the server's design is known (GET design/) and closes it when the
 * designer leaves. The open rule (the local draft is replaced only when it has no unsaved changes) is
 * the engine's (DesignDraftStore.open).
 */
export function useOpenDesignDraft(
  storeOf: () => Promise<DesignDraftStore>,
  versionId: number,
  server: ServerDesign | null,
): OpenDesignState {
  const [state, setState] = useState<OpenDesignState>({ status: 'waiting' });
  const ready = server !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: server is read once, when it first arrives
  useEffect(() => {
    if (!ready || !server) return;
    let cancelled = false;
    let opened: DesignDraft | null = null;
    storeOf()
      .then((store) => store.open(versionId, async () => server))
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
              error,
            });
          }
        },
      );
    return () => {
      cancelled = true;
      if (opened) void opened.close();
      setState({ status: 'waiting' });
    };
  }, [storeOf, versionId, ready]);
  return state;
}
