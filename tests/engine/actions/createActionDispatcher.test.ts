import { describe, expect, it, vi } from 'vitest';
import type { BuilderAction } from '../../../src/engine/actions/BuilderAction.ts';
import {
  builderActionRegistry,
  createBuilderDispatcher,
} from '../../../src/engine/actions/builderActionRegistry.ts';
import {
  ariaKeyShortcuts,
  createActionDispatcher,
  shortcutLabel,
} from '../../../src/engine/actions/createActionDispatcher.ts';
import { addNode } from '../../../src/engine/commands/addNode.ts';
import { sampleFlow } from '../workflowFixtures.ts';
import { openTestDraft, press, recordingHost } from './actionFixtures.ts';

async function setUp(selection: string | null = null) {
  const draft = await openTestDraft(sampleFlow());
  const host = recordingHost(draft, selection);
  return { draft, host, dispatcher: createBuilderDispatcher(host) };
}

describe('createActionDispatcher', () => {
  it('menu, toolbar and keyboard are fed by the one registry and share its rules', async () => {
    const perform = vi.fn();
    let enabled = false;
    const probe: BuilderAction = {
      id: 'copy',
      label: 'Probe',
      surfaces: ['nodeMenu', 'toolbar'],
      keyTest: (p) => p.key === 'p',
      isEnabled: () => enabled,
      perform,
    };
    const draft = await openTestDraft(sampleFlow());
    const dispatcher = createActionDispatcher([probe], recordingHost(draft, 'd1'), () => ({ nodeId: 'd1' }));

    // Disabled: left out of the menu, greyed in the toolbar, the key matches but does nothing.
    expect(dispatcher.enabledItems('nodeMenu', { nodeId: 'd1' })).toEqual([]);
    expect(dispatcher.items('toolbar').map((item) => [item.label, item.enabled])).toEqual([['Probe', false]]);
    expect(dispatcher.handleKey(press('p'))).toEqual({ action: probe, performed: false });
    expect(perform).not.toHaveBeenCalled();

    enabled = true;
    dispatcher.enabledItems('nodeMenu', { nodeId: 'd1' })[0]?.perform();
    dispatcher.items('toolbar')[0]?.perform();
    expect(dispatcher.handleKey(press('p'))).toEqual({ action: probe, performed: true });
    expect(perform.mock.calls.map(([, target]) => target)).toEqual([
      { nodeId: 'd1' },
      { nodeId: 'd1' },
      { nodeId: 'd1' },
    ]);
  });

  it('every registry action is reachable from a surface, and every surface lists only registry actions', async () => {
    const { dispatcher } = await setUp();
    const ids = builderActionRegistry.map((action) => action.id);
    const reached = new Set([
      ...dispatcher.enabledItems('nodeMenu', { nodeId: 'c1' }).map((item) => item.id),
      ...dispatcher.items('toolbar').map((item) => item.id),
      ...builderActionRegistry.filter((action) => action.keyTest).map((action) => action.id),
    ]);
    expect([...reached].sort()).toEqual([...ids].sort());
    expect(dispatcher.actions).toBe(builderActionRegistry);
  });

  it('a step menu lists its enabled actions in order; the error mark label follows the step', async () => {
    const { dispatcher, draft } = await setUp();
    expect(dispatcher.enabledItems('nodeMenu', { nodeId: 'c1' }).map((item) => item.label)).toEqual([
      'Edit',
      'Copy',
      'Copy with the steps below',
      'Mark as error',
      'Delete',
    ]);
    // An end step has nothing below it: no "Copy with the steps below".
    expect(dispatcher.enabledItems('nodeMenu', { nodeId: 'e1' }).map((item) => item.id)).toEqual([
      'edit',
      'copy',
      'mark-error',
      'delete',
    ]);
    expect(
      dispatcher.enabledItems('nodeMenu', { nodeId: 'c1' }).find((item) => item.id === 'delete')?.tone,
    ).toBe('danger');

    dispatcher
      .enabledItems('nodeMenu', { nodeId: 'd1' })
      .find((item) => item.id === 'mark-error')
      ?.perform();
    expect(draft.getSnapshot().flow.d1?.detail.error).toBe(true);
    expect(
      dispatcher.enabledItems('nodeMenu', { nodeId: 'd1' }).find((item) => item.id === 'mark-error')?.label,
    ).toBe('Clear the error mark');
    expect(dispatcher.enabledItems('nodeMenu', { nodeId: 'gone' })).toEqual([]);
  });

  it('Undo and Redo: toolbar state follows the undo store; Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z and Ctrl/Cmd+Y', async () => {
    const { dispatcher, draft } = await setUp();
    const toolbar = () => dispatcher.items('toolbar').map((item) => [item.id, item.enabled]);
    expect(toolbar()).toEqual([
      ['undo', false],
      ['redo', false],
    ]);
    expect(dispatcher.handleKey(press('z', { ctrlKey: true }))?.performed).toBe(false);

    draft.run(addNode, { at: { parentId: 'd1', slot: 0 }, type: 'delay' });
    const added = Object.keys(draft.getSnapshot().flow).length;
    expect(toolbar()).toEqual([
      ['undo', true],
      ['redo', false],
    ]);
    expect(dispatcher.handleKey(press('z', { metaKey: true }))?.performed).toBe(true);
    expect(Object.keys(draft.getSnapshot().flow).length).toBe(added - 1);
    expect(dispatcher.handleKey(press('y', { metaKey: true }))?.performed).toBe(true);
    expect(Object.keys(draft.getSnapshot().flow).length).toBe(added);
    dispatcher.items('toolbar')[0]?.perform();
    expect(dispatcher.handleKey(press('Z', { ctrlKey: true, shiftKey: true }))?.performed).toBe(true);
    expect(dispatcher.handleKey(press('z', { ctrlKey: true }))?.performed).toBe(true);
    expect(dispatcher.handleKey(press('y', { ctrlKey: true }))?.performed).toBe(true);
    expect(Object.keys(draft.getSnapshot().flow).length).toBe(added);
  });

  it('Ctrl/Cmd+C copies the selected step, as the menu does; nothing without a step selected', async () => {
    const { dispatcher, host } = await setUp(null);
    expect(dispatcher.handleKey(press('c', { ctrlKey: true }))).toMatchObject({ performed: false });
    host.selection = 'trigger';
    expect(dispatcher.handleKey(press('c', { ctrlKey: true }))).toMatchObject({ performed: false });
    expect(host.clipboard).toBeNull();

    host.selection = 'd1';
    const matched = dispatcher.handleKey(press('c', { metaKey: true }));
    expect(matched).toMatchObject({ performed: true, action: { keepsDefault: true } });
    const fromKeyboard = host.clipboard;
    dispatcher
      .enabledItems('nodeMenu', { nodeId: 'd1' })
      .find((item) => item.id === 'copy')
      ?.perform();
    expect(host.clipboard).toEqual(fromKeyboard);
    expect(fromKeyboard?.nodes.map((node) => node.nodeId)).toEqual(['d1']);

    dispatcher
      .enabledItems('nodeMenu', { nodeId: 'd1' })
      .find((item) => item.id === 'copy-subtree')
      ?.perform();
    expect(host.clipboard?.nodes.map((node) => node.nodeId)).toEqual(['d1', 'e2']);
  });

  it('Delete asks first when steps go with it, otherwise deletes as one undo step', async () => {
    const { dispatcher, host, draft } = await setUp();
    dispatcher
      .enabledItems('nodeMenu', { nodeId: 'c1' })
      .find((item) => item.id === 'delete')
      ?.perform();
    expect(host.asked).toEqual([{ nodeId: 'c1', title: 'Opened?', count: 5 }]);
    expect(draft.getSnapshot().flow.c1).toBeDefined();

    dispatcher.perform('delete', { nodeId: 'e2' });
    expect(host.deletions).toEqual([{ title: expect.any(String), removed: ['e2'], undoDepth: 1 }]);
    expect(draft.getSnapshot().flow.e2).toBeUndefined();
    expect(dispatcher.perform('delete', { nodeId: 'e2' })).toBe(false);
  });

  it('writes shortcuts for people and for aria-keyshortcuts', () => {
    expect(shortcutLabel('Shift+Mod+Z', false)).toBe('Shift+Ctrl+Z');
    expect(shortcutLabel('Mod+Y', true)).toBe('⌘+Y');
    expect(ariaKeyShortcuts(['Shift+Mod+Z', 'Mod+Y'])).toBe('Shift+Control+Z Shift+Meta+Z Control+Y Meta+Y');
  });
});
