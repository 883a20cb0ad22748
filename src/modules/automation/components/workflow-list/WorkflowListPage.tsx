import { Link } from '@tanstack/react-router';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { formatThousands } from '../../../../../domain/formatThousands.ts';
import {
  WORKFLOW_FILTERS,
  type WorkflowAnswers,
  type WorkflowFilter,
  type WorkflowSummary,
} from '../../../../../domain/workflowTypes.ts';
import type { WorkflowStatusResult } from '../../../../../machines/workflowStatusMachine.ts';
import type { DeleteWorkflowsInput } from '../../../../api/workflowApi.ts';
import { Button } from '../../../../ui/Button.tsx';
import { buttonClassName } from '../../../../ui/buttonClassName.ts';
import { Card } from '../../../../ui/Card.tsx';
import { LoadErrorPanel } from '../../../../ui/LoadErrorPanel.tsx';
import { PageHeader } from '../../../../ui/PageHeader.tsx';
import { Pagination } from '../../../../ui/Pagination.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { useToast } from '../../../../ui/useToast.ts';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { usePagedList } from '../../../shared/hooks/usePagedList.ts';
import {
  isSelected,
  NO_SELECTION,
  selectedCount,
  toggleSelected,
} from '../../../shared/utils/rowSelection.ts';
import {
  applyStatusChange,
  insertClone,
  viewFromPage,
  type WorkflowListView,
} from '../../utils/workflowListView.ts';
import { CloneWorkflowDialog } from './CloneWorkflowDialog.tsx';
import { DeleteWorkflowsDialog } from './DeleteWorkflowsDialog.tsx';
import { WorkflowListToolbar } from './WorkflowListToolbar.tsx';
import { WorkflowTable } from './WorkflowTable.tsx';
import '../automation.css';
import { countOf } from '../../../../../domain/countOf.ts';

export const WORKFLOW_PAGE_SIZE = 20;
const LOAD_ERROR_TITLE = 'Your workflows could not be loaded';

/**
 * /automation: the user's workflows with search (300 ms debounce; blank resets), filter, paging, counts,
 * selection with select-all for deletion, clone, and pause/resume per row. Search, filter and page are in
 * the address (?q=&filter=&offset=) through the shared paged-list hook.
 */
export function WorkflowListPage() {
  const api = useServices().workflowApi;
  const toast = useToast();
  const list = usePagedList<WorkflowFilter, string, WorkflowAnswers['get_user_workflows']>({
    name: 'workflows',
    filters: WORKFLOW_FILTERS,
    pageSize: WORKFLOW_PAGE_SIZE,
    load: (query, signal) =>
      api.getUserWorkflows(
        { offset: query.offset, limit: query.limit, workflowName: query.q, filterType: query.filter },
        signal,
      ),
  });
  const { query, searchText, setSearchText, reload } = list;
  const [selection, setSelection] = useState(NO_SELECTION);
  const [view, setView] = useState<WorkflowListView | null>(null);
  const [cloning, setCloning] = useState<WorkflowSummary | null>(null);
  const [deleting, setDeleting] = useState(false);

  // A new search or filter starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection resets when these change
  useEffect(() => {
    setSelection(NO_SELECTION);
  }, [query.q, query.filter]);

  useEffect(() => {
    if (list.data) setView(viewFromPage(list.data));
  }, [list.data]);

  const setFilter = list.setFilter;

  const onStatusChanged = useCallback(
    (result: WorkflowStatusResult) => {
      if (!result.workflow) return;
      const workflow = result.workflow;
      setView((current) =>
        current ? applyStatusChange(current, workflow, query.filter, result.totalActiveCount) : current,
      );
    },
    [query.filter],
  );

  const total = view?.total ?? 0;
  const count = selectedCount(selection, total);
  const deleteInput: DeleteWorkflowsInput =
    selection.mode === 'all'
      ? {
          selectAll: true,
          excludedIds: [...selection.excluded],
          searchTerm: query.q,
          filterType: query.filter,
        }
      : { selectAll: false, workflowIds: [...selection.ids] };

  const loading = list.status === 'loading' || list.status === 'idle';
  const searchError =
    list.status === 'failure' && list.error?.kind === 'rejected' ? list.error.message : undefined;
  const failed = list.status === 'failure' && !searchError && list.error;
  const nothingAtAll = view !== null && view.total === 0 && query.q === '' && query.filter === 'all';

  const createLink = (
    <Link to="/automation/create" className={buttonClassName('primary')}>
      Create workflow
    </Link>
  );

  let body: ReactNode;
  // A first load that failed, refused (success false) or not, ends loading: it shows why and Try again.
  if (list.status === 'failure' && list.error && !view) {
    body = <LoadErrorPanel title={LOAD_ERROR_TITLE} message={list.error?.message} onRetry={() => reload()} />;
  } else if (!view) {
    body = <StatePanel kind="loading" title="Loading your workflows…" />;
  } else if (nothingAtAll) {
    body = (
      <StatePanel kind="empty" title="No workflows yet" actions={createLink}>
        A workflow sends emails, waits, branches and adds contacts to lists by itself when something happens:
        an email is opened or clicked, a contact joins a list, and more. Start with a trigger.
      </StatePanel>
    );
  } else {
    body = (
      <>
        <WorkflowTable
          rows={view.rows}
          loading={loading}
          isSelected={(id) => isSelected(selection, id)}
          onToggle={(id) => setSelection((current) => toggleSelected(current, id))}
          onClone={setCloning}
          onStatusChanged={onStatusChanged}
          error={
            failed ? (
              <LoadErrorPanel
                compact
                title={LOAD_ERROR_TITLE}
                message={list.error?.message}
                onRetry={() => reload()}
              />
            ) : null
          }
          empty={
            <StatePanel
              compact
              kind="empty"
              title="No workflows match"
              actions={
                <Button
                  variant="secondary"
                  onClick={() => {
                    setSearchText('');
                    setFilter('all');
                  }}
                >
                  Show all workflows
                </Button>
              }
            >
              {query.q
                ? `Nothing matches “${query.q}”${query.filter === 'all' ? '' : ` among ${query.filter} workflows`}.`
                : `You have no ${query.filter} workflows.`}
            </StatePanel>
          }
        />
        {view.total > WORKFLOW_PAGE_SIZE || query.offset > 0 ? (
          <Pagination
            offset={query.offset}
            limit={WORKFLOW_PAGE_SIZE}
            total={view.total}
            noun="workflows"
            disabled={loading}
            onChange={list.setOffset}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="automation-page">
      <PageHeader
        eyebrow="Automation"
        title="Automation"
        description="Workflows send emails, wait, branch and add contacts to lists when something happens."
        actions={createLink}
      />
      {view ? (
        <dl className="automation-counts" aria-label="Workflow counts">
          <div>
            <dt>{query.q || query.filter !== 'all' ? 'Matching' : 'Total'}</dt>
            <dd data-testid="workflow-total">{formatThousands(view.total)}</dd>
          </div>
          <div>
            <dt>Active</dt>
            <dd data-testid="workflow-active">{formatThousands(view.active)}</dd>
          </div>
        </dl>
      ) : null}
      <Card flush>
        {nothingAtAll ? null : (
          <WorkflowListToolbar
            searchText={searchText}
            onSearchText={setSearchText}
            searchError={view ? searchError : undefined}
            filter={query.filter}
            onFilter={setFilter}
            selection={selection}
            total={total}
            onSelection={setSelection}
            onDelete={() => setDeleting(true)}
          />
        )}
        {body}
      </Card>
      <CloneWorkflowDialog
        workflow={cloning}
        onClose={() => setCloning(null)}
        onCloned={(copy) =>
          setView((current) => (current ? insertClone(current, copy, query.filter) : current))
        }
      />
      <DeleteWorkflowsDialog
        open={deleting}
        count={count}
        input={deleteInput}
        onClose={() => setDeleting(false)}
        onDeleted={(answer) => {
          setDeleting(false);
          setSelection(NO_SELECTION);
          toast.show({
            tone: 'success',
            message: `${countOf(answer.deleted_count, 'workflow', 'workflows')} deleted.`,
          });
          const lastOffset = Math.max(
            0,
            Math.floor(Math.max(0, answer.total_count - 1) / WORKFLOW_PAGE_SIZE) * WORKFLOW_PAGE_SIZE,
          );
          reload(Math.min(query.offset, lastOffset));
        }}
      />
    </div>
  );
}
