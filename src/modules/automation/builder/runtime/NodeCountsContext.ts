import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { NodeCount } from '../../../../../domain/workflowRuntimeTypes.ts';
import type { NodeCountsStore } from './NodeCountsStore.ts';

/** The builder's node counts (absent in tests and harnesses that do not show them). */
export const NodeCountsContext = createContext<NodeCountsStore | null>(null);

const noCounts = () => () => {};

/** One node's counts; re-renders only when that node's numbers change. */
export function useNodeCount(nodeId: string): NodeCount | undefined {
  const store = useContext(NodeCountsContext);
  const get = useCallback(() => store?.get(nodeId), [store, nodeId]);
  return useSyncExternalStore(store?.subscribe ?? noCounts, get, get);
}

/** The workflow's totals (enrolled, live, completed ...), null before the first answer. */
export function useCountTotals() {
  const store = useContext(NodeCountsContext);
  const get = useCallback(() => store?.getTotals() ?? null, [store]);
  return useSyncExternalStore(store?.subscribe ?? noCounts, get, get);
}
