import { ReactFlowProvider } from '@xyflow/react';
import { useCallback, useState } from 'react';
import { countOf, pluralNoun } from '../../../../../domain/countOf.ts';
import type { WorkflowStatusResult } from '../../../../../machines/workflowStatusMachine.ts';
import type { DraftSnapshot, WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';
import { Alert } from '../../../../ui/Alert.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useWorkflowStatusActor } from '../../hooks/useWorkflowStatusActor.ts';
import { WorkflowCanvas } from '../canvas/WorkflowCanvas.tsx';
import { EditorStaticDataProvider } from '../editors/EditorStaticDataProvider.tsx';
import { NodeEditorPanel } from '../editors/NodeEditorPanel.tsx';
import { BuilderContext } from '../hooks/BuilderContext.ts';
import { useBuilderActions } from '../hooks/useBuilderActions.ts';
import { useDraftSelector } from '../hooks/useDraftSelector.ts';
import { usePublishFaults } from '../hooks/usePublishFaults.ts';
import { useWorkflowSaveActor } from '../hooks/useWorkflowSaveActor.ts';
import { NodeCountsContext } from '../runtime/NodeCountsContext.ts';
import { NodeCountsStore } from '../runtime/NodeCountsStore.ts';
import { SimulatorDialog } from '../runtime/SimulatorDialog.tsx';
import { useWorkflowNodeCounts } from '../runtime/useWorkflowNodeCounts.ts';
import { WorkflowContactsCard } from '../runtime/WorkflowContactsCard.tsx';
import { BuilderHeader } from './BuilderHeader.tsx';
import { BuilderShortcutsEffect } from './BuilderShortcutsEffect.tsx';
import { BuilderToolbar } from './BuilderToolbar.tsx';
import { ConstraintDialog } from './ConstraintDialog.tsx';
import { DeleteStepsDialog } from './DeleteStepsDialog.tsx';
import { DraftDiffersNotice } from './DraftDiffersNotice.tsx';
import { FloatingMenu } from './FloatingMenu.tsx';
import { PauseDialog } from './PauseDialog.tsx';
import { PublishDialog } from './PublishDialog.tsx';

const selectStatus = (snapshot: DraftSnapshot) => snapshot.meta.status;
const selectNewCount = (snapshot: DraftSnapshot) => snapshot.newlyAdded.length;

/**
 * The builder over one open draft: header and toolbar, the notices (local draft differs, paused), the
 * canvas with the node editor panel beside it, and the dialogs. Save and publish run through the save
 * machine, pause and resume through the workflow status machine (both recorded in the session log).
 */
export function BuilderWorkspace({ draft, workflowId }: { draft: WorkflowDraft; workflowId: number }) {
  const ui = useBuilderActions(draft, workflowId);
  const status = useDraftSelector(draft, selectStatus);
  const newCount = useDraftSelector(draft, selectNewCount);
  const [publishOpen, setPublishOpen] = useState(false);
  const [counts] = useState(() => new NodeCountsStore());
  useWorkflowNodeCounts(workflowId, status, counts);
  const [pauseOpen, setPauseOpen] = useState(false);
  const [simulatorOpen, setSimulatorOpen] = useState(false);

  const saveActor = useWorkflowSaveActor(draft, useServices().workflowApi);
  const onStatusChanged = useCallback(
    (result: WorkflowStatusResult) =>
      draft.applyStatus(result.status, { clearNewlyAdded: result.status === 'active' }),
    [draft],
  );
  const statusActor = useWorkflowStatusActor(workflowId, status, onStatusChanged);
  const closePublish = useCallback(() => setPublishOpen(false), []);
  const closePause = useCallback(() => setPauseOpen(false), []);
  const { select } = ui.actions;
  const closePanel = useCallback(() => select(null), [select]);
  const faults = usePublishFaults(draft, saveActor, select);
  const nodeExists = useDraftSelector(
    draft,
    useCallback(
      (snapshot: DraftSnapshot) =>
        ui.selectedId === 'trigger' || (ui.selectedId !== null && ui.selectedId in snapshot.flow),
      [ui.selectedId],
    ),
  );

  return (
    <BuilderContext.Provider value={ui.actions}>
      <EditorStaticDataProvider>
        <NodeCountsContext.Provider value={counts}>
          <BuilderHeader draft={draft}>
            <BuilderToolbar
              draft={draft}
              dispatcher={ui.dispatcher}
              saveActor={saveActor}
              statusActor={statusActor}
              onPublish={() => setPublishOpen(true)}
              onPause={() => setPauseOpen(true)}
              onSimulate={() => setSimulatorOpen(true)}
            />
          </BuilderHeader>
          <DraftDiffersNotice draft={draft} />
          {status === 'inactive' ? (
            <Alert tone="warning" title="This workflow is paused">
              Contacts do not move through it until you resume it.
              {newCount > 0
                ? ` ${countOf(newCount, 'step', 'steps')} added while paused ${pluralNoun(newCount, 'is', 'are')} marked "New" on the canvas.`
                : ' Steps you add now are marked "New" on the canvas.'}
            </Alert>
          ) : null}
          <div
            className={`builder-workspace${ui.selectedId && nodeExists ? ' builder-workspace--panel' : ''}`}
          >
            <section className="builder-canvas" aria-label="Workflow steps">
              <ReactFlowProvider>
                <WorkflowCanvas selectedId={ui.selectedId} faults={faults} />
              </ReactFlowProvider>
            </section>
            {ui.selectedId && nodeExists ? (
              <NodeEditorPanel
                key={ui.selectedId}
                draft={draft}
                nodeId={ui.selectedId}
                workflowId={workflowId}
                onClose={closePanel}
                onConstraint={ui.showConstraint}
              />
            ) : null}
          </div>
          {ui.menu ? <FloatingMenu menu={ui.menu} onClose={ui.closeMenu} /> : null}
          <ConstraintDialog refusal={ui.constraint} onClose={ui.dismissConstraint} />
          <DeleteStepsDialog
            pending={ui.pendingDelete}
            onCancel={ui.cancelDelete}
            onConfirm={ui.confirmDelete}
          />
          <PublishDialog open={publishOpen} onClose={closePublish} draft={draft} saveActor={saveActor} />
          <PauseDialog
            open={pauseOpen}
            onClose={closePause}
            onPause={() => statusActor.send({ type: 'status.pause' })}
          />
          {simulatorOpen ? (
            <SimulatorDialog open onClose={() => setSimulatorOpen(false)} draft={draft} />
          ) : null}
          <BuilderShortcutsEffect dispatcher={ui.dispatcher} />
          <WorkflowContactsCard workflowId={workflowId} draft={draft} />
        </NodeCountsContext.Provider>
      </EditorStaticDataProvider>
    </BuilderContext.Provider>
  );
}
