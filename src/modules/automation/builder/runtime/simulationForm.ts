import type { SimulatedEvent, SimulateRequest } from '../../../../../domain/workflowRuntimeTypes.ts';
import type { TriggerId, WorkflowFlow } from '../../../../../domain/workflowTypes.ts';

/** One pretend email event of the simulator's form. */
export type PretendEvent = { kind: SimulatedEvent['kind']; emailId: number; afterMinutes: number };

export type SimulationForm = {
  who: 'contact' | 'sample';
  contactId: number | null;
  sampleSize: number;
  /** datetime-local text ("2026-11-22T09:30"), in the viewer's zone. */
  startAt: string;
  /** 'real': the contacts' own recorded events; 'pretend': the list below. */
  events: 'real' | 'pretend';
  pretend: PretendEvent[];
};

/** The form's problem, or null when it can run. */
export function simulationFormProblem(form: SimulationForm): string | null {
  if (form.who === 'contact' && !form.contactId) return 'Choose a contact to run through the workflow.';
  if (
    form.who === 'sample' &&
    !(Number.isInteger(form.sampleSize) && form.sampleSize >= 1 && form.sampleSize <= 50)
  )
    return 'A sample is 1 to 50 contacts.';
  if (Number.isNaN(new Date(form.startAt).getTime())) return 'Choose when the simulation starts.';
  if (
    form.events === 'pretend' &&
    form.pretend.some((event) => !(event.emailId > 0 && event.afterMinutes >= 0))
  )
    return 'Each pretend event needs an email and a time of 0 minutes or more.';
  return null;
}

/** The simulate_workflow/ request for the draft's flow and trigger. */
export function simulationRequest(
  form: SimulationForm,
  workflow: { workflowId: number; flow: WorkflowFlow; triggerId: TriggerId | null },
): SimulateRequest {
  return {
    workflow_id: workflow.workflowId,
    flow: workflow.flow,
    ...(workflow.triggerId ? { trigger_id: workflow.triggerId } : {}),
    ...(form.who === 'contact' && form.contactId
      ? { contact_id: form.contactId }
      : { sample_size: form.sampleSize }),
    start_at: new Date(form.startAt).toISOString(),
    ...(form.events === 'pretend'
      ? {
          events: form.pretend.map((event) => ({
            kind: event.kind,
            email_id: event.emailId,
            after_minutes: event.afterMinutes,
          })),
        }
      : {}),
  };
}

/** "now" as a datetime-local value in the viewer's zone. */
export function localNow(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
