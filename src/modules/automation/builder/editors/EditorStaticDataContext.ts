import { createContext, useContext } from 'react';
import { browserTimeZone } from '../../../../../domain/browserTimeZone.ts';
import { preferredTimeZone } from '../../../../../domain/timeZoneOptions.ts';
import type { WorkflowAnswers } from '../../../../../domain/workflowTypes.ts';
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

/** The browser's time zone when the list has it ("UTC" for any name of UTC), else UTC. */
export function defaultTimezone(timezones: readonly string[]): string {
  return preferredTimeZone(timezones, browserTimeZone());
}
