import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { WorkflowAnswers } from '../../../../domain/workflowTypes.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { Card } from '../../../ui/Card.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useOpenDraft } from '../../shared/hooks/useOpenDraft.ts';
import { WorkflowEmailGraph } from '../components/email-graph/WorkflowEmailGraph.tsx';
import { BuilderWorkspace } from './components/BuilderWorkspace.tsx';
import '../components/automation.css';
import './builder.css';

function Problem({
  title,
  children,
  actions,
}: {
  title: string;
  children: string;
  actions: React.ReactNode;
}) {
  return (
    <div className="automation-page">
      <PageHeader eyebrow="Automation" title="Workflow" />
      <Card>
        <StatePanel kind="error" title={title} actions={actions}>
          {children}
        </StatePanel>
      </Card>
    </div>
  );
}

/**
 * /automation/details?workflow_id={id}: the workflow builder. Loads get_workflow_details with
 * the recorded load machine, opens the local draft (IndexedDB, shared live with other tabs) with the
 * open rule, then shows the builder and, below it, the workflow's email performance graph.
 */
export function WorkflowBuilderPage({ workflowId }: { workflowId: number | null }) {
  const services = useServices();
  const api = services.workflowApi;
  const details = useLoad<number, WorkflowAnswers['get_workflow_details']>(
    (id, signal) => api.getWorkflowDetails(id, signal),
    'workflowDetails',
  );
  const { load } = details;
  useEffect(() => {
    if (workflowId !== null) load(workflowId);
  }, [workflowId, load]);
  const opened = useOpenDraft(services.workflowDrafts, workflowId ?? 0, details.data?.data ?? null);

  const back = (
    <Link to="/automation" className={buttonClassName('secondary')}>
      Back to workflows
    </Link>
  );
  if (workflowId === null) {
    return (
      <Problem title="No workflow was named" actions={back}>
        The address does not say which workflow to open. Open one from your workflows.
      </Problem>
    );
  }
  if (details.status === 'failure' && details.error && !details.data) {
    if (details.error.status === 404) {
      return (
        <Problem title="Workflow not found" actions={back}>
          There is no workflow with this number among yours. It may have been deleted.
        </Problem>
      );
    }
    return (
      <Problem
        title="This workflow could not be opened"
        actions={
          <>
            <Button variant="secondary" onClick={() => load(workflowId)}>
              Try again
            </Button>
            {back}
          </>
        }
      >
        {details.error.message}
      </Problem>
    );
  }
  if (opened.status === 'failed') {
    return (
      <Problem title="The local draft could not be opened" actions={back}>
        {opened.message}
      </Problem>
    );
  }
  if (opened.status !== 'open') {
    return (
      <div className="automation-page">
        <Card>
          <StatePanel kind="loading" title="Opening the workflow…" />
        </Card>
      </div>
    );
  }
  return (
    <div className="automation-page builder-page">
      <BuilderWorkspace draft={opened.draft} workflowId={workflowId} />
      <Card>
        <WorkflowEmailGraph workflowId={workflowId} />
      </Card>
    </div>
  );
}
