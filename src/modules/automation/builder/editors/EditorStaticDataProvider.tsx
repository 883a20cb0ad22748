import { type ReactNode, useEffect } from 'react';
import type { WorkflowAnswers } from '../../../../../domain/workflowTypes.ts';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../../shared/hooks/useLoad.ts';
import { EditorStaticDataContext } from './EditorStaticDataContext.ts';

/**
 * Loads get_user_static_data/ (time zones, templates, signatures, share profiles) once for the whole
 * builder and gives it to every node editor: selecting another step does not load it again.
 */
export function EditorStaticDataProvider({ children }: { children: ReactNode }) {
  const api = useServices().workflowApi;
  const staticData = useLoad<void, WorkflowAnswers['get_user_static_data']>(
    (_input, signal) => api.getUserStaticData(signal),
    'editorStaticData',
  );
  const { load } = staticData;
  useEffect(() => load(undefined), [load]);
  return <EditorStaticDataContext.Provider value={staticData}>{children}</EditorStaticDataContext.Provider>;
}
