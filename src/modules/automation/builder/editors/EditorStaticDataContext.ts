import { createContext, useContext } from 'react';
import type { WorkflowAnswers } from '../../../../domain/workflowTypes.ts';
import type { UseLoad } from '../../../shared/hooks/useLoad.ts';

export type StaticDataLoad = UseLoad<void, WorkflowAnswers['get_user_static_data']>;

/**
 * get_user_static_data/ loaded once per open panel (time zones, templates, signatures, share profiles)
 * and shared by its editors: the call is cancellable by kind, so several loads at once would cancel each
 * other.
 */
export const EditorStaticDataContext = createContext<StaticDataLoad | null>(null);

export function useEditorStaticData(): StaticDataLoad {
  const load = useContext(EditorStaticDataContext);
  if (!load) throw new Error('useEditorStaticData needs the NodeEditorPanel above it.');
  return load;
}

/** The browser's time zone when the list has it, else the first one. */
export function defaultTimezone(timezones: readonly string[]): string {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return timezones.includes(own) ? own : (timezones[0] ?? 'UTC');
}
