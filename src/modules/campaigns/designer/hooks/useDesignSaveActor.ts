import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  type DesignSaveActor,
  type DesignSaveRequest,
  type DesignSaveResult,
  designSaveMachine,
} from '../../../../../machines/designSaveMachine.ts';
import type { PublishApi } from '../../../../api/publishApi.ts';
import type { DesignDraft } from '../../../../engine/design/DesignDraft.ts';
import { useRecordedActor } from '../../../../ui/useRecordedActor.ts';

/**
 * The designer's save machine, recorded in the session log. Its `save` actor sends the draft's design and
 * version name to design/save/ and, on success, records the saved marker of exactly what was sent
 * (every tab becomes clean; edits made meanwhile stay unsaved) and hands the answer to `onSaved` (the
 * text version the server made from what was saved).
 */
export function useDesignSaveActor(
  draft: DesignDraft,
  api: Pick<PublishApi, 'saveDesign'>,
  onSaved: (result: DesignSaveResult) => void,
): DesignSaveActor {
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const [machine] = useState(() =>
    designSaveMachine.provide({
      actors: {
        save: fromPromise<DesignSaveResult, DesignSaveRequest>(async ({ signal }) => {
          const prepared = draft.prepareSave();
          const answer = await api.saveDesign(
            { versionId: draft.versionId, versionName: prepared.versionName, design: prepared.design },
            signal,
          );
          prepared.commit(answer.design_saved_at);
          const result = {
            versionName: answer.version_name,
            savedAt: answer.design_saved_at,
            previewText: answer.preview_text,
          };
          onSavedRef.current(result);
          return result;
        }),
      },
    }),
  );
  return useRecordedActor(machine, {
    name: `designSave:${draft.versionId}`,
    input: { versionId: draft.versionId },
  }) as DesignSaveActor;
}
