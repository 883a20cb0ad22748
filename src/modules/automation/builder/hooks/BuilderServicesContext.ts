import { createContext, useContext } from 'react';
import { type WorkflowBuilderApi, workflowBuilderApi } from '../../../../api/workflowBuilderApi.ts';
import { indexeddbDraftPersistence } from '../../../../engine/indexeddbDraftPersistence.ts';
import { WorkflowDraftStore } from '../../../../engine/WorkflowDraftStore.ts';

/**
 * What the builder needs besides the automation calls: the draft store (IndexedDB persistence and the
 * BroadcastChannel tab relay in the browser) and the save calls. Tests provide an in-memory store and stubs.
 */
export type BuilderServices = {
  draftStore: WorkflowDraftStore;
  api: Pick<WorkflowBuilderApi, 'updateWorkflow' | 'emailMapping'>;
};

let browserServices: BuilderServices | null = null;

/** The browser's services, created on first use (IndexedDB is touched only when a builder opens). */
export function defaultBuilderServices(): BuilderServices {
  browserServices ??= {
    draftStore: new WorkflowDraftStore({ persistence: indexeddbDraftPersistence }),
    api: workflowBuilderApi,
  };
  return browserServices;
}

export const BuilderServicesContext = createContext<BuilderServices | null>(null);

export function useBuilderServices(): BuilderServices {
  return useContext(BuilderServicesContext) ?? defaultBuilderServices();
}
