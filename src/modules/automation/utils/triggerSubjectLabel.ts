/** The trigger fields that name what a workflow starts from. */
export type TriggerSubjectFields = {
  email_name?: string | null;
  list_name?: string | null;
  sp_uuid?: string | null;
  sp_name?: string | null;
};

/**
 * What a workflow starts from, as people read it: the trigger email's name, the list's name or the share
 * profile's name (never its uuid; "Share profile" while the name is not known yet). Null when nothing is
 * chosen.
 */
export function triggerSubjectLabel(trigger: TriggerSubjectFields): string | null {
  if (trigger.email_name) return trigger.email_name;
  if (trigger.list_name) return trigger.list_name;
  if (trigger.sp_uuid) return trigger.sp_name || 'Share profile';
  return null;
}
