import type { DraftSnapshot, WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';
import { Alert } from '../../../../ui/Alert.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { useDraftSelector } from '../hooks/useDraftSelector.ts';

const selectDiffers = (snapshot: DraftSnapshot) => snapshot.draftDiffersFromServer;

/**
 * Shown when the local draft (kept in this browser) has unsaved changes that differ from the saved
 * version: keep it (it stays unsaved until you save) or discard it (the saved version replaces it).
 */
export function DraftDiffersNotice({ draft }: { draft: WorkflowDraft }) {
  const differs = useDraftSelector(draft, selectDiffers);
  if (!differs) return null;
  return (
    <Alert
      tone="warning"
      title="The local draft differs from the saved version"
      actions={
        <>
          <Button size="sm" onClick={() => draft.keepDraft()}>
            Keep local draft
          </Button>
          <Button size="sm" variant="secondary" onClick={() => draft.discardDraft()}>
            Discard local changes
          </Button>
        </>
      }
    >
      This browser kept changes you had not saved. Keep them to go on where you left off, or discard them to
      open the saved version.
    </Alert>
  );
}
