import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createBuilderDispatcher } from '../../../../src/engine/actions/builderActionRegistry.ts';
import { addNode } from '../../../../src/engine/commands/addNode.ts';
import { BuilderShortcutsEffect } from '../../../../src/modules/automation/builder/components/BuilderShortcutsEffect.tsx';
import { openTestDraft, recordingHost } from '../../../engine/actions/actionFixtures.ts';
import { sampleFlow } from '../../../engine/workflowFixtures.ts';

afterEach(() => cleanup());

async function renderShortcuts(selection: string | null = null) {
  const draft = await openTestDraft(sampleFlow());
  const host = recordingHost(draft, selection);
  render(
    <>
      <BuilderShortcutsEffect dispatcher={createBuilderDispatcher(host)} />
      <input aria-label="Step title" />
    </>,
  );
  act(() => {
    draft.run(addNode, { at: { parentId: 'd1', slot: 0 }, type: 'delay' });
  });
  return { draft, host, count: () => Object.keys(draft.getSnapshot().flow).length };
}

describe('BuilderShortcutsEffect', () => {
  it('runs the registry actions: Cmd+Z undoes, Cmd+Y and Shift+Ctrl+Z redo, each preventing the default', async () => {
    const { count } = await renderShortcuts();
    const added = count();
    expect(fireEvent.keyDown(window, { key: 'z', metaKey: true })).toBe(false);
    expect(count()).toBe(added - 1);
    expect(fireEvent.keyDown(window, { key: 'y', metaKey: true })).toBe(false);
    expect(count()).toBe(added);
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(count()).toBe(added);
  });

  it('leaves presses in text fields to the field', async () => {
    const { count } = await renderShortcuts();
    const added = count();
    const field = document.querySelector('input') as HTMLInputElement;
    expect(fireEvent.keyDown(field, { key: 'z', ctrlKey: true })).toBe(true);
    expect(count()).toBe(added);
  });

  it('Ctrl+C copies the selected step and keeps the browser copy', async () => {
    const { host } = await renderShortcuts('d1');
    expect(fireEvent.keyDown(window, { key: 'c', ctrlKey: true })).toBe(true);
    expect(host.clipboard?.rootId).toBe('d1');
  });
});
