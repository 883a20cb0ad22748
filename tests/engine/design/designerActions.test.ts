import { describe, expect, it } from 'vitest';
import type { DesignerActionHost } from '../../../src/engine/design/actions/DesignerAction.ts';
import {
  createDesignerDispatcher,
  designerActionRegistry,
} from '../../../src/engine/design/actions/designerActionRegistry.ts';
import { DESIGN_DRAFTS, type DesignDraft } from '../../../src/engine/design/DesignDraft.ts';
import { DraftStore } from '../../../src/engine/draft/DraftStore.ts';
import { press } from '../actions/actionFixtures.ts';
import { sampleDesign } from './designFixtures.ts';

type RecordingHost = DesignerActionHost & { selection: string | null; said: string[]; events: string[] };

async function setUp(selection: string | null = null) {
  const store = new DraftStore(DESIGN_DRAFTS, {
    persistence: null,
    channelFactory: null,
    peerSyncTimeoutMs: 0,
  });
  const { draft } = await store.open(7, async () => ({
    versionName: 'Issue 1',
    design: sampleDesign(),
    savedAt: null,
  }));
  const host: RecordingHost = {
    draft,
    selection,
    said: [],
    events: [],
    selectedId: () => host.selection,
    select: (id) => {
      host.selection = id;
    },
    announce: (text) => host.said.push(text),
    added: (id) => host.events.push(`added ${id}`),
    moved: (id) => host.events.push(`moved ${id}`),
    removed: (label) => host.events.push(`removed ${label}`),
  };
  return { draft, host, dispatcher: createDesignerDispatcher(host) };
}

const root = (draft: DesignDraft) => draft.getLayout().root;

describe('the designer’s action registry', () => {
  it('every action is reachable from a surface or a key; toolbar, block toolbar and palette list only registry actions', async () => {
    const { dispatcher } = await setUp('b1');
    const reached = new Set([
      ...dispatcher.items('toolbar').map((item) => item.id),
      ...dispatcher.items('block').map((item) => item.id),
      ...dispatcher.items('palette').map((item) => item.id),
      ...designerActionRegistry.filter((action) => action.keyTest).map((action) => action.id),
    ]);
    expect([...reached].sort()).toEqual(designerActionRegistry.map((action) => action.id).sort());
    expect(dispatcher.items('toolbar').map((item) => item.label)).toEqual(['Undo', 'Redo']);
    expect(dispatcher.items('block').map((item) => item.ariaLabel)).toEqual([
      'Move Button up',
      'Move Button down',
      'Duplicate Button',
      'Remove Button',
    ]);
    expect(dispatcher.items('palette').map((item) => item.ariaLabel)).toContain('Add Image');
  });

  it('the palette adds below the selected block (or at the end), selects it and says where', async () => {
    const { draft, host, dispatcher } = await setUp('h1');
    const before = root(draft).length;
    expect(dispatcher.perform('add-divider')).toBe(true);
    const id = host.selection as string;
    expect(root(draft).indexOf(id)).toBe(1);
    expect(host.said).toEqual(['Divider added below the selected block.']);
    expect(host.events).toEqual([`added ${id}`]);
    host.selection = null;
    dispatcher.perform('add-spacer');
    expect(root(draft).at(-1)).toBe(host.selection);
    expect(root(draft)).toHaveLength(before + 2);
    // Each add is one undo step, taken back newest first.
    dispatcher.perform('undo');
    expect(root(draft)).toHaveLength(before + 1);
    dispatcher.perform('undo');
    expect(root(draft)).toHaveLength(before);
  });

  it('block keys: Alt+Arrows move (from inside the block too, announced); Delete removes only from the block itself', async () => {
    const { draft, host, dispatcher } = await setUp();
    const at = (id: string) => root(draft).indexOf(id);
    const start = at('b1');
    const onBlock = { surface: 'block' as const, target: { blockId: 'b1' } };
    expect(
      dispatcher.handleKey(press('ArrowUp', { altKey: true, fromInside: true }), onBlock)?.performed,
    ).toBe(true);
    expect(at('b1')).toBe(start - 1);
    expect(host.said.at(-1)).toBe(`Button moved to position ${start} of ${root(draft).length}.`);
    // Backspace in the block's text is typing, not a removal.
    expect(dispatcher.handleKey(press('Backspace', { fromInside: true }), onBlock)).toBeNull();
    expect(dispatcher.handleKey(press('Delete'), onBlock)?.performed).toBe(true);
    expect(draft.getBlock('b1')).toBeNull();
    expect(host.events.at(-1)).toBe('removed Button');
    // Undo is not a block key: the page's shortcuts take it (the toolbar's surface).
    expect(dispatcher.handleKey(press('z', { ctrlKey: true }), onBlock)).toBeNull();
    expect(dispatcher.handleKey(press('z', { ctrlKey: true }), { surface: 'toolbar' })?.performed).toBe(true);
    expect(draft.getBlock('b1')).not.toBeNull();
  });

  it('the first block says it is already first; duplicate selects the copy', async () => {
    const { draft, host, dispatcher } = await setUp();
    dispatcher.perform('move-up', { blockId: 'h1' });
    expect(host.said).toEqual(['Header is already first.']);
    dispatcher.perform('duplicate', { blockId: 't1' });
    expect(root(draft)[root(draft).indexOf('t1') + 1]).toBe(host.selection);
    expect(dispatcher.items('block', { blockId: 'gone' }).every((item) => !item.enabled)).toBe(true);
  });
});
