import { z } from 'zod';
import { limitField, offsetField } from './wholeNumberField.ts';
import { idFieldSchema } from './workflowFormFields.ts';
import { WORKFLOW_TRIGGER_IDS, workflowFlowSchema } from './workflowSchemas.ts';

/**
 * zod schemas of the workflow runtime's calls: node counts, enrolled contacts, the simulator.
 * Shared by the server (validation) and the client.
 */

export const ENROLMENT_STATUSES = ['running', 'waiting', 'held', 'completed', 'exited', 'failed'] as const;
export const MAX_SAMPLE_SIZE = 50;
export const MAX_SIMULATED_EVENTS = 200;
export const MAX_HORIZON_DAYS = 366;

export const workflowContactsQuerySchema = z.object({
  workflow_id: idFieldSchema('workflow_id'),
  offset: offsetField(),
  limit: limitField(100, 20),
  status: z.enum(ENROLMENT_STATUSES, { error: 'status is not a known enrolment status.' }).optional(),
  node_id: z.string().min(1, 'node_id must not be empty.').max(64, 'node_id is too long.').optional(),
});
export type WorkflowContactsQuery = z.output<typeof workflowContactsQuerySchema>;

const simulatedEventSchema = z.object(
  {
    kind: z.enum(['opened', 'clicked', 'sent', 'delivered'], {
      error: 'events[].kind must be opened, clicked, sent or delivered.',
    }),
    email_id: z.number({ error: 'events[].email_id must be a number.' }).int().min(1).max(2_147_483_647),
    link: z.string().max(2000, 'events[].link is too long.').nullable().optional(),
    after_minutes: z
      .number({ error: 'events[].after_minutes must be a number.' })
      .min(0, 'events[].after_minutes must not be negative.')
      .max(MAX_HORIZON_DAYS * 1440, 'events[].after_minutes is too large.')
      .optional(),
  },
  { error: 'Each event must be an object.' },
);

export const simulateBodySchema = z
  .object({
    workflow_id: idFieldSchema('workflow_id'),
    flow: workflowFlowSchema.optional(),
    trigger_id: z
      .number({ error: 'trigger_id must be a number.' })
      .refine((id) => (WORKFLOW_TRIGGER_IDS as readonly number[]).includes(id), {
        message: 'trigger_id must be one of 7, 8, 9, 10, 11, 14.',
      })
      .optional(),
    contact_id: idFieldSchema('contact_id').optional(),
    sample_size: z
      .number({ error: 'sample_size must be a number.' })
      .int('sample_size must be a whole number.')
      .min(1, `sample_size must be 1 to ${MAX_SAMPLE_SIZE}.`)
      .max(MAX_SAMPLE_SIZE, `sample_size must be 1 to ${MAX_SAMPLE_SIZE}.`)
      .optional(),
    start_at: z.iso.datetime({ offset: true, error: 'start_at must be an ISO date and time.' }).optional(),
    events: z
      .array(simulatedEventSchema, { error: 'events must be a list.' })
      .max(MAX_SIMULATED_EVENTS, `At most ${MAX_SIMULATED_EVENTS} events.`)
      .optional(),
    horizon_days: z
      .number({ error: 'horizon_days must be a number.' })
      .min(1, `horizon_days must be 1 to ${MAX_HORIZON_DAYS}.`)
      .max(MAX_HORIZON_DAYS, `horizon_days must be 1 to ${MAX_HORIZON_DAYS}.`)
      .optional(),
  })
  .refine((body) => (body.contact_id === undefined) !== (body.sample_size === undefined), {
    message: 'Send either contact_id or sample_size.',
  });
export type SimulateBody = z.output<typeof simulateBodySchema>;
