import * as Y from 'yjs';
import { REMOTE_TAB } from './draftOrigins.ts';

/**
 * Relays Yjs updates between the tabs of one browser that have the same draft open (y-indexeddb
 * stores, but does not push changes to other tabs). One channel per doc, named after doc.guid.
 * Protocol (the two sync messages of y-protocols, without the dependency):
 * - on start a tab posts { t: "sync1", from, sv } with its state vector;
 * - a tab receiving a sync1 answers { t: "sync2", to, update } with what the sender lacks
 *   (Y.encodeStateAsUpdate(doc, sv)) and, unless the sync1 was itself an answer, its own sync1 addressed
 *   to the sender, so the newcomer sends back what only it has;
 * - every later local change (any origin except REMOTE_TAB) is posted as { t: "update", update }.
 * Remote updates are applied with origin REMOTE_TAB: never re-broadcast, never undone by this tab.
 * The channel is injectable (tests, or a browser without BroadcastChannel: pass a no-op).
 */

export type ChannelLike = {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
};
export type ChannelFactory = (name: string) => ChannelLike;

export const defaultChannelFactory: ChannelFactory = (name) =>
  new BroadcastChannel(name) as unknown as ChannelLike;

type Message =
  | { t: 'sync1'; from: string; to?: string; sv: Uint8Array }
  | { t: 'sync2'; from: string; to: string; update: Uint8Array }
  | { t: 'update'; from: string; update: Uint8Array };

export class BroadcastChannelProvider {
  readonly doc: Y.Doc;
  readonly peerId: string;
  private channel: ChannelLike;
  private destroyed = false;
  private peerSynced = false;
  private peerSyncWaiters: (() => void)[] = [];

  constructor(doc: Y.Doc, options: { channelFactory?: ChannelFactory; channelName?: string } = {}) {
    this.doc = doc;
    this.peerId = `${doc.clientID}-${Math.random().toString(36).slice(2, 10)}`;
    this.channel = (options.channelFactory ?? defaultChannelFactory)(
      options.channelName ?? `yjs:${doc.guid}`,
    );
    this.channel.onmessage = (event) => this.receive(event.data as Message);
    doc.on('update', this.onUpdate);
    this.post({ t: 'sync1', from: this.peerId, sv: Y.encodeStateVector(doc) });
  }

  /** Resolves when another tab answered our sync1, or after timeoutMs (no other tab is open). */
  whenPeerSynced(timeoutMs: number): Promise<boolean> {
    if (this.peerSynced) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(this.peerSynced), timeoutMs);
      this.peerSyncWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.doc.off('update', this.onUpdate);
    this.channel.onmessage = null;
    this.channel.close();
    for (const waiter of this.peerSyncWaiters.splice(0)) waiter();
  }

  private onUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === REMOTE_TAB || this.destroyed) return;
    this.post({ t: 'update', from: this.peerId, update });
  };

  private post(message: Message): void {
    if (!this.destroyed) this.channel.postMessage(message);
  }

  private receive(message: Message): void {
    if (this.destroyed || !message || message.from === this.peerId) return;
    if (message.t === 'update') {
      Y.applyUpdate(this.doc, message.update, REMOTE_TAB);
      return;
    }
    if (message.t === 'sync1') {
      if (message.to !== undefined && message.to !== this.peerId) return;
      this.post({
        t: 'sync2',
        from: this.peerId,
        to: message.from,
        update: Y.encodeStateAsUpdate(this.doc, message.sv),
      });
      if (message.to === undefined) {
        this.post({ t: 'sync1', from: this.peerId, to: message.from, sv: Y.encodeStateVector(this.doc) });
      }
      return;
    }
    if (message.t === 'sync2' && message.to === this.peerId) {
      Y.applyUpdate(this.doc, message.update, REMOTE_TAB);
      if (!this.peerSynced) {
        this.peerSynced = true;
        for (const waiter of this.peerSyncWaiters.splice(0)) waiter();
      }
    }
  }
}
