import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { WorkflowStatus } from '../../../../domain/workflowTypes.ts';
import {
  type WorkflowSaveRequest,
  type WorkflowSaveResult,
  workflowSaveMachine,
} from '../../../../machines/workflowSaveMachine.ts';
import {
  type ChangeStatusRequest,
  type WorkflowStatusResult,
  workflowStatusMachine,
} from '../../../../machines/workflowStatusMachine.ts';
import { createBuilderDispatcher } from '../../../../src/engine/actions/builderActionRegistry.ts';
import { addNode } from '../../../../src/engine/commands/addNode.ts';
import type { WorkflowDraft } from '../../../../src/engine/WorkflowDraft.ts';
import { BuilderToolbar } from '../../../../src/modules/automation/builder/components/BuilderToolbar.tsx';
import { recordingHost } from '../../../engine/actions/actionFixtures.ts';
import { sampleFlow } from '../../../engine/workflowFixtures.ts';
import { openDraft } from './editors/editorFixtures.tsx';

afterEach(() => cleanup());

function renderToolbar(draft: WorkflowDraft, status: WorkflowStatus) {
  const saves: WorkflowSaveRequest[] = [];
  const statusChanges: ChangeStatusRequest[] = [];
  const saveActor = createActor(
    workflowSaveMachine.provide({
      actors: {
        save: fromPromise<WorkflowSaveResult, WorkflowSaveRequest>(async ({ input }) => {
          saves.push(input);
          await draft.save({ status: input.status ?? undefined, send: async () => ({ status, version: 2 }) });
          return { status: input.status ?? status, version: 2 };
        }),
      },
    }),
    { input: { workflowId: 42 } },
  ).start();
  const statusActor = createActor(
    workflowStatusMachine.provide({
      actors: {
        changeStatus: fromPromise<WorkflowStatusResult, ChangeStatusRequest>(async ({ input }) => {
          statusChanges.push(input);
          return { status: input.status, totalActiveCount: 1, workflow: null as never };
        }),
      },
    }),
    { input: { workflowId: 42, status } },
  ).start();
  const onPublish = vi.fn();
  const onPause = vi.fn();
  render(
    <BuilderToolbar
      draft={draft}
      dispatcher={createBuilderDispatcher(recordingHost(draft))}
      saveActor={saveActor}
      statusActor={statusActor}
      onPublish={onPublish}
      onPause={onPause}
      onSimulate={vi.fn()}
    />,
  );
  return { saves, statusChanges, onPublish, onPause };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('BuilderToolbar', { timeout: 20_000 }, () => {
  it('a draft: Save and Undo are disabled until an edit; an edit enables them; Undo takes it back', async () => {
    const draft = await openDraft(sampleFlow());
    const { onPublish } = renderToolbar(draft, 'draft');
    expect(screen.getByText('Draft')).toBeTruthy();
    expect(screen.getByTestId('save-state').textContent).toBe('All changes saved');
    expect(button('Save').disabled).toBe(true);
    expect(button('Undo').disabled).toBe(true);
    expect(button('Redo').disabled).toBe(true);

    act(() => {
      draft.run(addNode, { at: { parentId: 'd1', slot: 0 }, type: 'delay' });
    });
    expect(screen.getByTestId('save-state').textContent).toBe('Unsaved changes');
    expect(button('Save').disabled).toBe(false);
    expect(button('Undo').disabled).toBe(false);

    fireEvent.click(button('Undo'));
    expect(screen.getByTestId('save-state').textContent).toBe('All changes saved');
    expect(button('Save').disabled).toBe(true);
    expect(button('Redo').disabled).toBe(false);
    fireEvent.click(button('Redo'));
    expect(button('Save').disabled).toBe(false);

    fireEvent.click(button('Publish'));
    expect(onPublish).toHaveBeenCalledTimes(1);
  });

  it('Save sends the draft through the save machine, then shows everything saved', async () => {
    const draft = await openDraft(sampleFlow());
    const { saves } = renderToolbar(draft, 'draft');
    act(() => {
      draft.run(addNode, { at: { parentId: 'd1', slot: 0 }, type: 'delay' });
    });
    fireEvent.click(button('Save'));
    expect(await screen.findByText('All changes saved')).toBeTruthy();
    expect(saves).toEqual([{ workflowId: 42, status: null }]);
    expect(button('Save').disabled).toBe(true);
  });

  it('an active workflow offers Pause (through the dialog); an inactive one Resume (at once)', async () => {
    const active = await openDraft(sampleFlow(), { status: 'active' });
    const first = renderToolbar(active, 'active');
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    fireEvent.click(button('Pause'));
    expect(first.onPause).toHaveBeenCalledTimes(1);
    expect(first.statusChanges).toEqual([]);
    cleanup();

    const inactive = await openDraft(sampleFlow(), { status: 'inactive' });
    const second = renderToolbar(inactive, 'inactive');
    expect(screen.getByText('Inactive')).toBeTruthy();
    fireEvent.click(button('Resume'));
    await vi.waitFor(() => expect(second.statusChanges).toEqual([{ workflowId: 42, status: 'active' }]));
  });
});
