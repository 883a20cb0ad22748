import { useSelector } from '@xstate/react';
import { useId, useSyncExternalStore } from 'react';
import type { DesignSaveActor } from '../../../../../machines/designSaveMachine.ts';
import type { DesignerDispatcher } from '../../../../engine/design/actions/DesignerAction.ts';
import type { DesignDraft } from '../../../../engine/design/DesignDraft.ts';
import { findMissingLink } from '../../../../engine/design/findMissingLink.ts';
import { Button } from '../../../../ui/Button.tsx';
import { ActionButtons } from '../../../shared/components/ActionButtons.tsx';
import { useDesign } from '../hooks/useDesign.ts';

const readName = (d: DesignDraft) => d.getVersionName();
const readDirty = (d: DesignDraft) => d.getStatus().dirty;

/**
 * The version name, where the draft stands (kept locally / saved), the registry's toolbar actions (Undo,
 * Redo: the same as their keys) and Save.
 */
export function DesignerToolbar({
  draft,
  dispatcher,
  saveActor,
}: {
  draft: DesignDraft;
  dispatcher: DesignerDispatcher;
  saveActor: DesignSaveActor;
}) {
  const nameId = useId();
  const name = useDesign(draft, readName);
  const dirty = useDesign(draft, readDirty);
  // The toolbar's actions come from the registry; their enabled state follows the undo store.
  useSyncExternalStore(draft.undo.subscribe, draft.undo.getSnapshot);
  const state = useSelector(saveActor, (s) => s.value as string);
  const nameError = useSelector(saveActor, (s) => s.context.nameError);
  const message = useSelector(saveActor, (s) => s.context.message);
  const save = () =>
    saveActor.send({ type: 'save.save', missingLinkBlockId: findMissingLink(draft.getDesign()) });
  return (
    <div className="designer-toolbar">
      <div className="designer-toolbar__name" data-draft-fields>
        <label htmlFor={nameId}>Version name</label>
        <input
          id={nameId}
          value={name}
          onChange={(event) => draft.rename(event.target.value)}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${nameId}-error` : undefined}
        />
        {nameError ? (
          <p id={`${nameId}-error`} className="designer-field__error" role="alert">
            {nameError}
          </p>
        ) : null}
      </div>
      <p className="designer-toolbar__status" role="status" data-testid="draft-status">
        {state === 'saving'
          ? 'Saving…'
          : state === 'saved'
            ? 'Design saved'
            : dirty
              ? 'Draft kept locally: not saved yet'
              : 'All changes saved'}
      </p>
      <div className="designer-toolbar__actions">
        <ActionButtons items={dispatcher.items('toolbar')} variant="secondary" />
        <Button size="sm" onClick={save} loading={state === 'saving'}>
          Save
        </Button>
      </div>
      {state === 'failed' && message ? (
        <p className="designer-toolbar__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
