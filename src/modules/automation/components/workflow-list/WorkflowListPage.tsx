import { Link } from '@tanstack/react-router';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { countOf } from '../../../../../domain/countOf.ts';
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
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { useToast } from '../../../../ui/useToast.ts';
import { ListPager } from '../../../shared/components/ListPager.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { countedRows, usePagedList } from '../../../shared/hooks/usePagedList.ts';
import {
  isSelected,
  NO_SELECTION,
  selectedCount,
  toggleSelected,
} from '../../../shared/utils/rowSelection.ts';
import {
  activeAfterClone,
  activeAfterStatusChange,
  applyStatusChange,
  insertClone,
} from '../../utils/workflowListView.ts';
import { CloneWorkflowDialog } from './CloneWorkflowDialog.tsx';
import { DeleteWorkflowsDialog } from './DeleteWorkflowsDialog.tsx';
import { WorkflowListToolbar } from './WorkflowListToolbar.tsx';
import { WorkflowTable } from './WorkflowTable.tsx';
import '../automation.css';

export const WORKFLOW_PAGE_SIZE = 20;
const LOAD_ERROR_TITLE = 'Your workflows could not be loaded';

/**
 * /automation: the user's workflows with search (300 ms debounce; blank resets), filter, Show more, counts,
 * selection with select-all for deletion, clone, and pause/resume per row. Search, filter and the rows
 * shown are in the address (?q=&filter=&offset=) through the shared paged-list hook.
 */
export function WorkflowListPage() {
  const api = useServices().workflowApi;
  const toast = useToast();
  const list = usePagedList<WorkflowAnswers['get_user_workflows'], WorkflowSummary, WorkflowFilter>({
    mode: 'url',
    name: 'workflows',
    filters: WORKFLOW_FILTERS,
    pageSize: WORKFLOW_PAGE_SIZE,
    ...countedRows<WorkflowSummary>((row) => row.id),
    load: (query, signal) =>
      api.getUserWorkflows(
        { offset: query.offset, limit: query.limit, workflowName: query.q, filterType: query.filter },
        signal,
      ),
  });
  const { query, searchText, setSearchText, reload, edit, rows } = list;
  const [selection, setSelection] = useState(NO_SELECTION);
  // The user's active workflows: the latest answer's count, moved by the changes made here since it came
  // (derived in the render that shows the answer, so the count never shows 0 first).
  const [moved, setMoved] = useState<{ from: typeof list.latest; count: number } | null>(null);
  const answered = list.latest?.total_active_count ?? 0;
  const active = moved && moved.from === list.latest ? moved.count : answered;
  const latestRef = useRef(list.latest);
  latestRef.current = list.latest;
  const setActive = useCallback(
    (next: (count: number) => number) =>
      setMoved((before) => {
        const latest = latestRef.current;
        const count = before && before.from === latest ? before.count : (latest?.total_active_count ?? 0);
        return { from: latest, count: next(count) };
      }),
    [],
  );
  const [cloning, setCloning] = useState<WorkflowSummary | null>(null);
  const [deleting, setDeleting] = useState(false);

  // A new search or filter starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection resets when these change
  useEffect(() => {
    setSelection(NO_SELECTION);
  }, [query.q, query.filter]);

  const setFilter = list.setFilter;

  const onStatusChanged = useCallback(
    (result: WorkflowStatusResult) => {
      if (!result.workflow) return;
      const workflow = result.workflow;
      const before = rows.find((row) => row.id === workflow.id);
      setActive((count) => activeAfterStatusChange(count, before, workflow, result.totalActiveCount));
      edit((draft) => applyStatusChange(draft, workflow, query.filter));
    },
    [query.filter, rows, edit, setActive],
  );

  const shown = list.latest !== null;
  const total = list.total;
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

  const loading = (list.status === 'loading' || list.status === 'idle') && !list.appending;
  const searchError =
    list.status === 'failure' && list.error?.kind === 'rejected' ? list.error.message : undefined;
  const failed = list.status === 'failure' && !list.appending && !searchError && list.error;
  const nothingAtAll = shown && total === 0 && rows.length === 0 && query.q === '' && query.filter === 'all';

  const createLink = (
    <Link to="/automation/create" className={buttonClassName('primary')}>
      Create workflow
    </Link>
  );

  let body: ReactNode;
  // A first load that failed, refused (success false) or not, ends loading: it shows why and Try again.
  if (list.status === 'failure' && list.error && !shown) {
    body = <LoadErrorPanel title={LOAD_ERROR_TITLE} message={list.error?.message} onRetry={list.retry} />;
  } else if (!shown) {
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
          rows={rows}
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
                onRetry={list.retry}
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
        <ListPager list={list} noun={['workflow', 'workflows']} />
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
      {shown ? (
        <dl className="automation-counts" aria-label="Workflow counts">
          <div>
            <dt>{query.q || query.filter !== 'all' ? 'Matching' : 'Total'}</dt>
            <dd data-testid="workflow-total">{formatThousands(total)}</dd>
          </div>
          <div>
            <dt>Active</dt>
            <dd data-testid="workflow-active">{formatThousands(active)}</dd>
          </div>
        </dl>
      ) : null}
      <Card flush>
        {nothingAtAll ? null : (
          <WorkflowListToolbar
            searchText={searchText}
            onSearchText={setSearchText}
            searchError={shown ? searchError : undefined}
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
        onCloned={(copy) => {
          setActive((count) => activeAfterClone(count, copy));
          edit((draft) => insertClone(draft, copy, query.filter));
        }}
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
          // The rows shown are asked for again: the deleted ones leave, those after them move up.
          reload();
        }}
      />
    </div>
  );
}
