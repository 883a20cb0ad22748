import type * as Y from 'yjs';
import { type EmailMappingChanges, emailSetChanges, sentEmailIds } from '../../domain/emailMappingChanges.ts';
import type {
  UpdateWorkflowFields,
  WorkflowDetails,
  WorkflowFlow,
  WorkflowStatus,
} from '../../domain/workflowTypes.ts';
import type { BroadcastChannelProvider } from './BroadcastChannelProvider.ts';
import { type CanvasModel, createCanvasModelBuilder } from './buildCanvasModel.ts';
import { type MoveNodeArgs, moveNode } from './commands/moveNode.ts';
import { type Command, runCommand } from './commands/runCommand.ts';
import { createFlowReader, type FlowReader } from './createFlowReader.ts';
import { createUndoStore, type UndoStore } from './createUndoStore.ts';
import { draftFingerprint, type FingerprintCache } from './draftFingerprint.ts';
import type { DraftPersistence } from './draftPersistence.ts';
import {
  metaOf,
  newlyAddedOf,
  readMeta,
  readNewlyAdded,
  readSavedMarker,
  type SavedMarker,
  setIfChanged,
  type WorkflowMeta,
  writeSavedMarker,
} from './workflowDoc.ts';
import { SERVER_LOAD } from './workflowOrigins.ts';
import { writeFlowToDoc } from './writeFlowToDoc.ts';

/**
 * One open workflow draft (made by WorkflowDraftStore.open): the doc, its undo store, its persistence
 * and tab relay, and the rules around the server:
 * - run(command, args): a command in a LOCAL_USER transaction; unless { merge: true } (typing in an
 *   editor: consecutive edits within the capture timeout merge), the undo manager stops capturing
 *   before and after it, so each structural edit is its own undo step.
 *   commitDrag(args) = moveNode on drag stop, then stopCapturing().
 * - subscribe/getSnapshot: an external store (useSyncExternalStore) of DraftSnapshot, a new object after
 *   each change of the doc (from any origin), computed lazily; getCanvasModel() memoises the canvas.
 * - dirty: exact: the fingerprint of the current content differs from the saved marker's, which is in
 *   the doc (so every tab agrees, and undoing back to the saved state is clean again).
 * - the open rule (applyServerVersion, run by the store on open): with no unsaved changes the server's
 *   version replaces the doc (SERVER_LOAD, not undoable, undo history cleared); with unsaved changes
 *   that differ from the server's version the draft is kept and draftDiffersFromServer is true until
 *   keepDraft() or discardDraft().
 * - prepareSave({ status }) gives the update_workflow form fields and the email mapping changes (sent in
 *   the same request); after the caller's request succeeded, commit(answer) records the saved marker of
 *   exactly what was sent (edits made during the request stay unsaved). save({ status, send }) does both.
 */

/** The parts of get_workflow_details' data the builder uses. */
export type ServerWorkflow = Pick<
  WorkflowDetails,
  | 'id'
  | 'name'
  | 'status'
  | 'flow'
  | 'trigger_id'
  | 'trigger_name'
  | 'email_id'
  | 'email_name'
  | 'list_id'
  | 'list_name'
  | 'sp_uuid'
  | 'sp_name'
  | 'newlyAddedNodes'
  | 'version'
>;

export type DraftSnapshot = {
  flow: WorkflowFlow;
  meta: WorkflowMeta;
  newlyAdded: string[];
  saved: SavedMarker | null;
  dirty: boolean;
  draftDiffersFromServer: boolean;
};

export type PreparedSave = {
  fields: UpdateWorkflowFields;
  emailMapping: EmailMappingChanges;
  /** Records the saved marker; answer is update_workflow's data (at least version and status). */
  commit(answer: Pick<WorkflowDetails, 'version' | 'status'>): void;
};

export type SaveAnswer = Pick<WorkflowDetails, 'version' | 'status'>;

function serverMeta(server: ServerWorkflow): WorkflowMeta {
  return {
    workflowId: server.id,
    name: server.name,
    status: server.status,
    trigger_id: server.trigger_id,
    trigger_name: server.trigger_name,
    email_id: server.email_id,
    email_name: server.email_name,
    list_id: server.list_id,
    list_name: server.list_name,
    sp_uuid: server.sp_uuid,
    sp_name: server.sp_name ?? null,
  };
}

export function fingerprintOf(flow: WorkflowFlow, meta: WorkflowMeta, cache?: FingerprintCache): string {
  return draftFingerprint({ flow, meta }, cache);
}

export class WorkflowDraft {
  readonly doc: Y.Doc;
  readonly workflowId: number;
  readonly undo: UndoStore;
  private readonly persistence: DraftPersistence | null;
  private readonly provider: BroadcastChannelProvider | null;
  private listeners = new Set<() => void>();
  private snapshot: DraftSnapshot | null = null;
  private canvas: CanvasModel | null = null;
  private readonly canvasBuilder = createCanvasModelBuilder();
  private readonly flowReader: FlowReader;
  private readonly fingerprints: FingerprintCache = new WeakMap();
  private pendingServer: ServerWorkflow | null = null;
  private closed = false;

  constructor(options: {
    doc: Y.Doc;
    workflowId: number;
    persistence?: DraftPersistence | null;
    provider?: BroadcastChannelProvider | null;
    captureTimeout?: number;
  }) {
    this.doc = options.doc;
    this.workflowId = options.workflowId;
    this.persistence = options.persistence ?? null;
    this.provider = options.provider ?? null;
    this.undo = createUndoStore(this.doc, { captureTimeout: options.captureTimeout });
    this.flowReader = createFlowReader(this.doc);
    this.doc.on('afterTransaction', this.onTransaction);
  }

  run<A, R>(command: Command<A, R>, args: A, options: { merge?: boolean } = {}): R {
    if (!options.merge) this.undo.stopCapturing();
    const result = runCommand(this.doc, command, args);
    if (!options.merge) this.undo.stopCapturing();
    return result;
  }

  commitDrag(args: MoveNodeArgs): ReturnType<typeof moveNode> {
    return this.run(moveNode, args);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): DraftSnapshot => {
    if (!this.snapshot) {
      const flow = this.flowReader.read();
      const meta = readMeta(this.doc);
      const saved = readSavedMarker(this.doc);
      const dirty =
        saved === null
          ? Object.keys(flow).length > 0
          : fingerprintOf(flow, meta, this.fingerprints) !== saved.fingerprint;
      this.snapshot = {
        flow,
        meta,
        newlyAdded: readNewlyAdded(this.doc),
        saved,
        dirty,
        draftDiffersFromServer: this.pendingServer !== null,
      };
    }
    return this.snapshot;
  };

  getCanvasModel = (): CanvasModel => {
    if (!this.canvas) {
      const snapshot = this.getSnapshot();
      this.canvas = this.canvasBuilder(snapshot.flow, {
        meta: snapshot.meta,
        newlyAdded: snapshot.newlyAdded,
      });
    }
    return this.canvas;
  };

  /** The server's version as of the last open, while the local draft differs from it. */
  get serverVersionPending(): ServerWorkflow | null {
    return this.pendingServer;
  }

  /**
   * The open rule. Returns whether the local draft was kept because it differs from the server's, and
   * whether the server's version moved on since the draft's base (saved elsewhere meanwhile).
   */
  applyServerVersion(server: ServerWorkflow): {
    draftDiffersFromServer: boolean;
    serverChangedSinceDraft: boolean;
  } {
    const serverFingerprint = fingerprintOf(server.flow, serverMeta(server));
    const current = this.getSnapshot();
    const serverChangedSinceDraft = current.saved !== null && current.saved.version !== server.version;
    // Server-owned fields are always taken from the server.
    this.doc.transact(() => {
      const meta = metaOf(this.doc);
      setIfChanged(meta, 'workflowId', server.id);
      setIfChanged(meta, 'status', server.status);
      setIfChanged(meta, 'trigger_id', server.trigger_id);
      setIfChanged(meta, 'trigger_name', server.trigger_name);
    }, SERVER_LOAD);
    if (
      !current.dirty ||
      fingerprintOf(current.flow, current.meta, this.fingerprints) === serverFingerprint
    ) {
      this.replaceWith(server);
      return { draftDiffersFromServer: false, serverChangedSinceDraft };
    }
    this.pendingServer = server;
    this.invalidate();
    return { draftDiffersFromServer: true, serverChangedSinceDraft };
  }

  /** Keeps the local draft over the server's version: it stays unsaved (relative to the server's). */
  keepDraft(): void {
    const server = this.pendingServer;
    if (!server) return;
    this.pendingServer = null;
    this.doc.transact(() => {
      writeSavedMarker(this.doc, {
        fingerprint: fingerprintOf(server.flow, serverMeta(server)),
        version: server.version,
        emailIds: sentEmailIds(server.flow),
      });
    }, SERVER_LOAD);
    this.invalidate();
  }

  /** Discards the local draft: the server's version replaces it. */
  discardDraft(): void {
    const server = this.pendingServer;
    if (!server) return;
    this.pendingServer = null;
    this.replaceWith(server);
  }

  prepareSave(options: { status?: WorkflowStatus } = {}): PreparedSave {
    const { flow, meta, saved } = this.getSnapshot();
    const status = options.status ?? meta.status;
    const fields: UpdateWorkflowFields = {
      workflow_id: String(this.workflowId),
      workflow: JSON.stringify(flow),
      status,
      workflow_name: meta.name.trim(),
    };
    if (meta.email_id !== null && meta.email_id > 0) fields.trigger_email_update = String(meta.email_id);
    if (meta.list_id !== null && meta.list_id > 0) fields.trigger_list_id = String(meta.list_id);
    if (saved) fields.version = String(saved.version);
    const sentFingerprint = fingerprintOf(flow, meta, this.fingerprints);
    const emailIds = sentEmailIds(flow);
    return {
      fields,
      emailMapping: emailSetChanges(saved?.emailIds ?? [], emailIds),
      commit: (answer) => {
        if (this.closed) return;
        this.doc.transact(() => {
          writeSavedMarker(this.doc, { fingerprint: sentFingerprint, version: answer.version, emailIds });
          setIfChanged(metaOf(this.doc), 'status', answer.status);
        }, SERVER_LOAD);
      },
    };
  }

  async save(options: {
    status?: WorkflowStatus;
    send: (fields: UpdateWorkflowFields, emailMapping: EmailMappingChanges) => Promise<SaveAnswer>;
  }): Promise<SaveAnswer> {
    const prepared = this.prepareSave({ status: options.status });
    const answer = await options.send(prepared.fields, prepared.emailMapping);
    prepared.commit(answer);
    return answer;
  }

  /** After pause/resume (resume_workflow/): the new status; resuming clears the newly added nodes. */
  applyStatus(status: WorkflowStatus, options: { clearNewlyAdded?: boolean } = {}): void {
    this.doc.transact(() => {
      setIfChanged(metaOf(this.doc), 'status', status);
      if (options.clearNewlyAdded) newlyAddedOf(this.doc).clear();
    }, SERVER_LOAD);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.doc.off('afterTransaction', this.onTransaction);
    this.provider?.destroy();
    this.undo.destroy();
    this.flowReader.destroy();
    await this.persistence?.destroy();
    this.listeners.clear();
  }

  private replaceWith(server: ServerWorkflow): void {
    const meta = serverMeta(server);
    this.doc.transact(() => {
      writeFlowToDoc(this.doc, server.flow, meta);
      const newly = newlyAddedOf(this.doc);
      const wanted = new Set(server.newlyAddedNodes);
      for (const id of [...newly.keys()]) if (!wanted.has(id)) newly.delete(id);
      for (const id of wanted) if (!newly.has(id)) newly.set(id, true);
      writeSavedMarker(this.doc, {
        fingerprint: fingerprintOf(server.flow, meta),
        version: server.version,
        emailIds: sentEmailIds(server.flow),
      });
    }, SERVER_LOAD);
    this.undo.clear();
    this.invalidate();
  }

  private onTransaction = (transaction: Y.Transaction) => {
    if (transaction.changed.size === 0) return;
    this.invalidate();
  };

  private invalidate(): void {
    this.snapshot = null;
    this.canvas = null;
    for (const listener of [...this.listeners]) listener();
  }
}
