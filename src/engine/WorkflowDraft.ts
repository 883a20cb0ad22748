import type * as Y from 'yjs';
import { type EmailMappingChanges, emailSetChanges, sentEmailIds } from '../../domain/emailMappingChanges.ts';
import type {
  UpdateWorkflowFields,
  WorkflowDetails,
  WorkflowFlow,
  WorkflowStatus,
} from '../../domain/workflowTypes.ts';
import { type CanvasModel, createCanvasModelBuilder } from './buildCanvasModel.ts';
import { type MoveNodeArgs, moveNode } from './commands/moveNode.ts';
import { createFlowReader, type FlowReader } from './createFlowReader.ts';
import { Draft, type DraftParts } from './draft/Draft.ts';
import type { DraftKind } from './draft/DraftStore.ts';
import { SERVER_LOAD } from './draft/draftOrigins.ts';
import type { FingerprintCache } from './draft/fingerprint.ts';
import { setIfChanged } from './draft/setIfChanged.ts';
import {
  metaOf,
  newlyAddedOf,
  readMeta,
  readNewlyAdded,
  readWorkflowMarker,
  type WorkflowMeta,
  type WorkflowSavedMarker,
  type WorkflowTriggerFields,
  workflowDocName,
  workflowUndoScope,
} from './workflowDoc.ts';
import { workflowFingerprint } from './workflowFingerprint.ts';
import { writeFlowToDoc } from './writeFlowToDoc.ts';

/**
 * One open workflow draft: the draft kernel (draft/Draft.ts: the doc, its undo store, persistence, tab
 * relay, exact dirty flag and open rule) instantiated with the workflow's schema, plus what the builder
 * reads and saves:
 * - the schema: the undo store covers the nodes, the meta and the newly-added set; the fingerprint is of
 *   what update_workflow sends (workflowFingerprint); the server's version is written by writeFlowToDoc.
 * - run(command, args) (the kernel's); commitDrag(args) = moveNode on drag stop, its own undo step.
 * - subscribe/getSnapshot: an external store (useSyncExternalStore) of DraftSnapshot, a new object after
 *   each change of the doc (from any origin), computed lazily; getCanvasModel() memoises the canvas.
 * - the open rule adds to the kernel's: server-owned fields (id, status, trigger) are always taken from the
 *   server, and serverChangedSinceDraft says the server's version moved on since the draft's base.
 * - prepareSave({ status }) gives the update_workflow form fields and the email mapping changes (sent in
 *   the same request); after the caller's request succeeded, commit(answer) records the saved marker of
 *   exactly what was sent (edits made during the request stay unsaved). save({ status, send }) does both.
 */

/** The parts of get_workflow_details' data the builder uses. */
export type ServerWorkflow = Pick<
  WorkflowDetails,
  'id' | 'name' | 'status' | 'flow' | keyof WorkflowTriggerFields | 'newlyAddedNodes' | 'version'
>;

export type DraftSnapshot = {
  flow: WorkflowFlow;
  meta: WorkflowMeta;
  newlyAdded: string[];
  saved: WorkflowSavedMarker | null;
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
  return workflowFingerprint({ flow, meta }, cache);
}

function serverMarker(server: ServerWorkflow): WorkflowSavedMarker {
  return {
    fingerprint: fingerprintOf(server.flow, serverMeta(server)),
    version: server.version,
    emailIds: sentEmailIds(server.flow),
  };
}

export class WorkflowDraft extends Draft<ServerWorkflow, WorkflowSavedMarker> {
  readonly workflowId: number;
  private snapshot: DraftSnapshot | null = null;
  private content: { flow: WorkflowFlow; meta: WorkflowMeta } | null = null;
  private canvas: CanvasModel | null = null;
  private readonly canvasBuilder = createCanvasModelBuilder();
  private readonly flowReader: FlowReader;
  private readonly fingerprints: FingerprintCache = new WeakMap();

  constructor(parts: DraftParts & { workflowId: number }) {
    super(parts, workflowUndoScope(parts.doc));
    this.workflowId = parts.workflowId;
    this.flowReader = createFlowReader(this.doc);
  }

  commitDrag(args: MoveNodeArgs): ReturnType<typeof moveNode> {
    return this.run(moveNode, args);
  }

  getSnapshot = (): DraftSnapshot => {
    if (!this.snapshot) {
      const status = this.getStatus();
      const { flow, meta } = this.readContent();
      this.snapshot = {
        flow,
        meta,
        newlyAdded: readNewlyAdded(this.doc),
        saved: status.saved,
        dirty: status.dirty,
        draftDiffersFromServer: status.draftDiffersFromServer,
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

  /**
   * The open rule (the kernel's), after taking the server-owned fields. Also says whether the server's
   * version moved on since the draft's base (saved elsewhere meanwhile).
   */
  override applyServerVersion(server: ServerWorkflow): {
    draftDiffersFromServer: boolean;
    serverChangedSinceDraft: boolean;
  } {
    const saved = this.getStatus().saved;
    const serverChangedSinceDraft = saved !== null && saved.version !== server.version;
    this.doc.transact(() => {
      const meta = metaOf(this.doc);
      setIfChanged(meta, 'workflowId', server.id);
      setIfChanged(meta, 'status', server.status);
      setIfChanged(meta, 'trigger_id', server.trigger_id);
      setIfChanged(meta, 'trigger_name', server.trigger_name);
    }, SERVER_LOAD);
    return { ...super.applyServerVersion(server), serverChangedSinceDraft };
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
      commit: (answer) =>
        this.recordSaved({ fingerprint: sentFingerprint, version: answer.version, emailIds }, () =>
          setIfChanged(metaOf(this.doc), 'status', answer.status),
        ),
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

  override async close(): Promise<void> {
    this.flowReader.destroy();
    await super.close();
  }

  protected contentFingerprint(): string {
    const { flow, meta } = this.readContent();
    return fingerprintOf(flow, meta, this.fingerprints);
  }

  protected isEmpty(): boolean {
    return Object.keys(this.readContent().flow).length === 0;
  }

  protected markerOf(server: ServerWorkflow): WorkflowSavedMarker {
    return serverMarker(server);
  }

  protected readMarker(saved: Y.Map<unknown>): WorkflowSavedMarker {
    return readWorkflowMarker(saved);
  }

  protected writeServer(server: ServerWorkflow): void {
    writeFlowToDoc(this.doc, server.flow, serverMeta(server));
    const newly = newlyAddedOf(this.doc);
    const wanted = new Set(server.newlyAddedNodes);
    for (const id of [...newly.keys()]) if (!wanted.has(id)) newly.delete(id);
    for (const id of wanted) if (!newly.has(id)) newly.set(id, true);
  }

  /** The flow and meta, read once per change of the doc. */
  private readContent(): { flow: WorkflowFlow; meta: WorkflowMeta } {
    this.content ??= { flow: this.flowReader.read(), meta: readMeta(this.doc) };
    return this.content;
  }

  protected override forget(): void {
    this.content = null;
    this.snapshot = null;
    this.canvas = null;
  }
}

/** The workflow builder's drafts (`workflow:<id>`), for DraftStore. */
export const WORKFLOW_DRAFTS: DraftKind<WorkflowDraft> = {
  docName: workflowDocName,
  create: (parts, workflowId) => new WorkflowDraft({ ...parts, workflowId }),
};
