import { useEffect } from 'react';
import type { WorkflowStatus } from '../../../../../domain/workflowTypes.ts';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../../shared/hooks/useLoad.ts';
import type { NodeCountsStore } from './NodeCountsStore.ts';

/** How often a published workflow's counts are read again while the page is visible. */
export const NODE_COUNTS_REFRESH_MS = 5000;

/**
 * Keeps the node counts of a published (active or paused) workflow fresh: a recorded load on open, then
 * every NODE_COUNTS_REFRESH_MS while the tab is visible, and at once when the tab is shown again.
 */
export function useWorkflowNodeCounts(workflowId: number, status: WorkflowStatus, store: NodeCountsStore) {
  const { workflowApi } = useServices();
  const counts = useLoad((id: number, signal) => workflowApi.nodeCounts(id, signal), 'nodeCounts');
  const { load, data } = counts;
  const live = status !== 'draft';
  useEffect(() => {
    if (!live) return;
    const refresh = () => {
      if (document.visibilityState === 'visible') load(workflowId);
    };
    refresh();
    const timer = setInterval(refresh, NODE_COUNTS_REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [live, workflowId, load]);
  useEffect(() => {
    if (data) store.set(data);
  }, [data, store]);
  return counts;
}
