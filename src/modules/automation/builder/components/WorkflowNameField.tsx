import { useCallback, useId, useState } from 'react';
import { renameWorkflow } from '../../../../engine/commands/renameWorkflow.ts';
import type { WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';
import { LineIcon } from '../../../../ui/LineIcon.tsx';
import { UserText } from '../../../../ui/UserText.tsx';
import { useDraftSelector } from '../hooks/useDraftSelector.ts';

const selectName = (snapshot: { meta: { name: string } }) => snapshot.meta.name;

/**
 * The workflow's name as the page heading, editable in place: "Rename" turns it into a field; Enter or
 * leaving the field renames (one undo step; a blank name is refused), Escape cancels.
 */
export function WorkflowNameField({ draft }: { draft: WorkflowDraft }) {
  const name = useDraftSelector(draft, selectName);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const commit = useCallback(() => {
    if (editing === null) return;
    if (editing.trim() === name) {
      setEditing(null);
      setError(null);
      return;
    }
    const result = draft.run(renameWorkflow, { name: editing });
    if (result.ok) {
      setEditing(null);
      setError(null);
    } else setError(result.message);
  }, [draft, editing, name]);

  if (editing !== null) {
    return (
      <div className="builder-name builder-name--editing">
        <label htmlFor={inputId} className="builder-visually-hidden">
          Workflow name
        </label>
        <input
          id={inputId}
          className="builder-name__input"
          value={editing}
          maxLength={255}
          // biome-ignore lint/a11y/noAutofocus: the field replaces the heading the user just asked to rename
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setEditing(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              setEditing(null);
              setError(null);
            }
          }}
        />
        {error ? (
          <p id={errorId} className="builder-name__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="builder-name">
      <h1 className="builder-name__title">
        <UserText>{name}</UserText>
      </h1>
      <button
        type="button"
        className="builder-icon-button"
        aria-label="Rename workflow"
        title="Rename workflow"
        onClick={() => setEditing(name)}
      >
        <LineIcon d="M13.6 3.2a2 2 0 0 1 2.8 2.8l-9 9-3.7.9.9-3.7 9-9Z" size={16} />
      </button>
    </div>
  );
}
