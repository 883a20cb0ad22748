import { expect } from 'vitest';
import type { ChannelFactory, ChannelLike } from '../../../src/engine/draft/BroadcastChannelProvider.ts';
import {
  type AnyDraft,
  type DraftKind,
  DraftStore,
  type ServerOf,
} from '../../../src/engine/draft/DraftStore.ts';
import { createMemoryDraftPersistence } from '../../../src/engine/draft/draftPersistence.ts';
import { seededRandom } from '../../helpers/seededRandom.ts';

/**
 * Tabs of one browser whose messages wait until the test delivers them: a BroadcastChannel stand-in that
 * queues what each channel hears, so edits in different tabs really are concurrent.
 */
function delayedChannels() {
  const open = new Set<ChannelLike & { inbox: unknown[] }>();
  const factory: ChannelFactory = () => {
    const channel = {
      inbox: [] as unknown[],
      onmessage: null as ChannelLike['onmessage'],
      postMessage(message: unknown) {
        for (const other of open) if (other !== channel) other.inbox.push(message);
      },
      close() {
        open.delete(channel);
      },
    };
    open.add(channel);
    return channel;
  };
  const deliverAll = (channel: ChannelLike & { inbox: unknown[] }) => {
    for (let message = channel.inbox.shift(); message !== undefined; message = channel.inbox.shift())
      channel.onmessage?.({ data: message });
  };
  return {
    factory,
    /** Delivers what one channel (by creation order among the open ones) has heard. */
    deliver: (index: number) => {
      const channel = [...open][index % Math.max(1, open.size)];
      if (channel) deliverAll(channel);
    },
    /** Delivers everything until nothing is waiting. */
    settle: () => {
      while ([...open].some((channel) => channel.inbox.length > 0))
        for (const channel of open) deliverAll(channel);
    },
  };
}

/** An editor on the draft kernel, as the fuzz drives it. */
export type FuzzEditor<D extends AnyDraft> = {
  kind: DraftKind<D>;
  server: () => ServerOf<D>;
  /** One random edit through the editor's commands (draft.run). */
  edit: (draft: D, next: () => number) => void;
  /** A save the server accepted (prepareSave, then commit with `version`): the server's version now. */
  save: (draft: D, version: number) => ServerOf<D>;
  /** The saved format (what converges). */
  read: (draft: D) => unknown;
  /** The editor's rules hold in this tab (a valid document). */
  check: (draft: D) => void;
  /** What must hold once every tab has heard every other (nothing live lost). */
  settled?: (draft: D) => void;
};

/**
 * Three tabs of one browser on one document, each a draft opened by the kernel's DraftStore with the
 * in-memory persistence (one store, as IndexedDB is for the tabs of a browser) and the tab relay over
 * delayed channels. Each step a random tab edits (the editor's commands), undoes, redoes, saves (the
 * server keeps what was sent) or reloads (its draft closed and opened again from the stored draft with
 * the open rule, keeping an unsaved draft over the server's version); after each step the editor's rules hold in that tab; now and then one tab hears the others.
 * At the end, once every message is delivered: every tab shows the same document, holds the editor's
 * rules (and those of a settled document), and agrees on "unsaved changes".
 */
export async function fuzzThreeTabs<D extends AnyDraft>(
  editor: FuzzEditor<D>,
  seed: number,
  steps: number,
): Promise<D[]> {
  const next = seededRandom(seed);
  const channels = delayedChannels();
  // Fixed client ids: how concurrent edits interleave depends on them, and a failure must replay.
  let clientId = 10;
  const kind: DraftKind<D> = {
    docName: editor.kind.docName,
    create: (parts, id) => {
      parts.doc.clientID = clientId++;
      return editor.kind.create(parts, id);
    },
  };
  const store = new DraftStore(kind, {
    persistence: createMemoryDraftPersistence(),
    channelFactory: channels.factory,
    peerSyncTimeoutMs: 0,
    captureTimeout: 0,
  });
  let server = editor.server();
  let saves = 1;
  const open = async () => {
    const opened = await store.open(42, async () => structuredClone(server));
    if (opened.draftDiffersFromServer) opened.draft.keepDraft();
    return opened.draft;
  };
  const tabs: D[] = [];
  for (let index = 0; index < 3; index += 1) {
    tabs.push(await open());
    channels.settle();
  }
  for (let step = 0; step < steps; step += 1) {
    const index = Math.floor(next() * tabs.length);
    const draft = tabs[index] as D;
    const roll = next();
    if (roll < 0.08) draft.undo.undo();
    else if (roll < 0.12) draft.undo.redo();
    else if (roll < 0.14) {
      await draft.close();
      tabs[index] = await open();
    } else if (roll < 0.18) {
      saves += 1;
      server = editor.save(draft, saves);
    } else editor.edit(draft, next);
    editor.check(tabs[index] as D);
    if (next() < 0.3) channels.deliver(Math.floor(next() * tabs.length));
  }
  channels.settle();
  const first = editor.read(tabs[0] as D);
  for (const draft of tabs) {
    expect(editor.read(draft)).toEqual(first);
    editor.check(draft);
    editor.settled?.(draft);
    expect(draft.getStatus().dirty).toBe((tabs[0] as D).getStatus().dirty);
  }
  return tabs;
}
