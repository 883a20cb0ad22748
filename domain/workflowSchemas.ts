import { z } from 'zod';
import { nameText } from './nameText.ts';
import { limitField, offsetField, wholeNumberField } from './wholeNumberField.ts';
import {
  booleanFieldSchema,
  idFieldSchema,
  idListFieldSchema,
  jsonTextSchema,
  optionalIdFieldSchema,
  searchFieldSchema,
} from './workflowFormFields.ts';
import type {
  Condition,
  FlowNode,
  NodeDetail,
  ShareProfileConfig,
  TriggerId,
  WorkflowFlow,
  WorkflowGraphFilter,
} from './workflowTypes.ts';

/**
 * zod schemas of the workflow service (spec 01 sections 3 and 7): the saved flow (accepting exactly the
 * shapes of workflowTypes.ts, unknown keys dropped) and the form payloads of every call. Shared by the
 * server (validation) and the client (reading and checking what it sends). Sizes are bounded so that no
 * payload can make the server do unbounded work.
 */

export const MAX_FLOW_NODES = 2000;
export const MAX_CONDITIONS = 50;
export const MAX_TITLE = 200;
export const MAX_TEXT = 500;
export const MAX_LINK = 2000;
export const MAX_NODE_ID = 64;
export const MAX_WORKFLOW_NAME = 200;
/** A workflow's name as given: cleaned like every name, at most MAX_WORKFLOW_NAME characters. */
const workflowNameSchema = nameText('workflow_name').pipe(
  z.string().max(MAX_WORKFLOW_NAME, `workflow_name is at most ${MAX_WORKFLOW_NAME} characters.`),
);
/** The workflow JSON text of update_workflow/ (2,000 nodes of a few hundred bytes fit well inside). */
export const MAX_WORKFLOW_JSON = 900_000;

export const WORKFLOW_TRIGGER_IDS = [7, 8, 9, 10, 11, 14] as const satisfies readonly TriggerId[];
export const CONDITION_TYPES = [
  'has opened',
  'has clicked',
  'has not opened',
  'has not clicked',
  'current day',
  'current time',
  'email sequence',
  'list',
] as const;
export const CONTROL_NAMES = ['send email', 'add to list', 'delay', 'end', 'If / Else'] as const;
export const WORKFLOW_STATUSES = ['draft', 'active', 'inactive'] as const;
export const WORKFLOW_FILTERS = ['all', 'active', 'inactive'] as const;
export const GRAPH_FILTERS = [
  'week',
  'month',
  'qtr',
  'year',
] as const satisfies readonly WorkflowGraphFilter[];

const text = (field: string, max = MAX_TEXT) =>
  z.string({ error: `${field} must be text.` }).max(max, `${field} is at most ${max} characters.`);
const optionalText = (field: string, max = MAX_TEXT) => text(field, max).nullable().optional();
const wholeNumber = (field: string) =>
  z
    .number({ error: `${field} must be a number.` })
    .int(`${field} must be a whole number.`)
    .min(-1_000_000_000, `${field} is out of range.`)
    .max(2_147_483_647, `${field} is out of range.`);
const optionalId = (field: string) => wholeNumber(field).nullable().optional();
const nodeIdSchema = z
  .string({ error: 'A node id must be text.' })
  .min(1, 'A node id must not be empty.')
  .max(MAX_NODE_ID, `A node id is at most ${MAX_NODE_ID} characters.`);

export const conditionSchema = z.object(
  {
    conditionType: z.enum(CONDITION_TYPES, { error: 'conditionType is not a known condition type.' }),
    controlId: wholeNumber('controlId'),
    controlName: z.enum(CONDITION_TYPES, { error: 'controlName is not a known condition type.' }),
    emailId: optionalId('emailId'),
    emailType: optionalId('emailType'),
    emailName: optionalText('emailName'),
    link: optionalText('link', MAX_LINK),
    linkType: optionalText('linkType', 50),
    sp_uuid: optionalText('sp_uuid', 64),
    listId: optionalId('listId'),
    listName: optionalText('listName'),
    timezone: optionalText('timezone', 64),
    verb: optionalText('verb', 20),
    day: z.array(text('day', 20)).max(7, 'day lists at most 7 weekdays.').nullable().optional(),
    time: optionalText('time', 5),
  },
  { error: 'Each condition must be an object.' },
) satisfies z.ZodType<Condition>;

export const shareProfileConfigSchema = z.object(
  {
    template: text('template', MAX_TITLE).nullable(),
    personalityMetrics: z.array(text('personalityMetrics', 50)).max(20, 'At most 20 personality metrics.'),
    senderName: text('senderName', MAX_TITLE),
    sendFrom: text('sendFrom', 320),
    emailSubject: text('emailSubject'),
    replyTo: text('replyTo', 320),
    initials: text('initials', 10),
    signature: text('signature', MAX_TITLE).nullable(),
    sendPlatform: text('sendPlatform', 50),
  },
  { error: 'shareProfile must be an object.' },
) satisfies z.ZodType<ShareProfileConfig>;

export const nodeDetailSchema = z.object(
  {
    controlName: z.enum(CONTROL_NAMES, { error: 'detail.controlName is not a known step.' }),
    controlType: z.enum(['action', 'condition'], {
      error: 'detail.controlType must be action or condition.',
    }),
    controlId: wholeNumber('controlId'),
    nodeId: nodeIdSchema,
    title: text('title', MAX_TITLE),
    nodeTitle: text('nodeTitle', MAX_TITLE),
    emailId: optionalId('emailId'),
    emailName: optionalText('emailName'),
    sp_uuid: optionalText('sp_uuid', 64),
    designReady: z.boolean({ error: 'designReady must be true or false.' }).optional(),
    shareProfile: shareProfileConfigSchema.nullable().optional(),
    list: z
      .object({ id: wholeNumber('list.id'), name: text('list.name') }, { error: 'list must be an object.' })
      .nullable()
      .optional(),
    radioValue: z.union([z.literal(1), z.literal(2)], { error: 'radioValue must be 1 or 2.' }).optional(),
    duration: z
      .object(
        {
          value: z
            .number({ error: 'duration.value must be a number.' })
            .min(0, 'duration.value must not be negative.')
            .max(100_000, 'duration.value is too large.'),
          unit: z.enum(['minutes', 'hours', 'days', 'weeks'], {
            error: 'duration.unit must be minutes, hours, days or weeks.',
          }),
        },
        { error: 'duration must be an object.' },
      )
      .nullable()
      .optional(),
    waitUntil: z
      .object(
        {
          dayOption: z.enum(['all', 'business'], { error: 'waitUntil.dayOption must be all or business.' }),
          days: z.array(text('waitUntil.days', 20)).max(7, 'waitUntil.days lists at most 7 weekdays.'),
          hour: z
            .number({ error: 'waitUntil.hour must be a number.' })
            .int()
            .min(0, 'waitUntil.hour is 0 to 23.')
            .max(23, 'waitUntil.hour is 0 to 23.'),
          timezone: text('waitUntil.timezone', 64),
        },
        { error: 'waitUntil must be an object.' },
      )
      .nullable()
      .optional(),
    conditions: z
      .array(conditionSchema)
      .max(MAX_CONDITIONS, `An If / Else step has at most ${MAX_CONDITIONS} conditions.`)
      .optional(),
    connector: z.enum(['AND', 'OR'], { error: 'connector must be AND or OR.' }).optional(),
    error: z.boolean({ error: 'detail.error must be true or false.' }),
  },
  { error: 'detail must be an object.' },
) satisfies z.ZodType<NodeDetail>;

export const flowNodeSchema = z.object(
  {
    nodeId: nodeIdSchema,
    kind: z.enum(['ACTION', 'CONDITION'], { error: 'kind must be ACTION or CONDITION.' }),
    type: z.enum(CONTROL_NAMES, { error: 'type is not a known step.' }),
    parentId: nodeIdSchema.nullable(),
    direction: z.enum(['right', 'left'], { error: 'direction must be right, left or null.' }).nullable(),
    childNodes: z
      .array(z.string({ error: 'childNodes holds node ids.' }).max(MAX_NODE_ID, 'A node id is too long.'))
      .max(2, 'childNodes holds at most two slots.'),
    detail: nodeDetailSchema,
  },
  { error: 'Each node must be an object.' },
) satisfies z.ZodType<FlowNode>;

/** The saved flow: node id -> node, at most MAX_FLOW_NODES nodes, each stored under its own nodeId. */
export const workflowFlowSchema = z
  .record(nodeIdSchema, flowNodeSchema, { error: 'The workflow must be an object of node id -> node.' })
  .superRefine((flow, ctx) => {
    const ids = Object.keys(flow);
    if (ids.length > MAX_FLOW_NODES) {
      ctx.addIssue({ code: 'custom', message: `A workflow has at most ${MAX_FLOW_NODES} steps.` });
    }
  }) satisfies z.ZodType<WorkflowFlow>;

/**
 * The workflow field of update_workflow/: the flow as a JSON text ("" is an empty workflow), or, in a
 * JSON body, the flow object itself.
 */
export const workflowJsonSchema = z
  .unknown()
  .transform((value, ctx): unknown => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value;
    if (typeof value !== 'string') {
      ctx.addIssue({ code: 'custom', message: 'workflow must be the flow as a JSON text.' });
      return z.NEVER;
    }
    if (value.length > MAX_WORKFLOW_JSON) {
      ctx.addIssue({ code: 'custom', message: 'workflow is too large.' });
      return z.NEVER;
    }
    if (value.trim() === '') return {};
    try {
      return JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'workflow is not valid JSON.' });
      return z.NEVER;
    }
  })
  .pipe(workflowFlowSchema);

const offsetSchema = offsetField();
const limitSchema = limitField;
const filterTypeSchema = z
  .enum(WORKFLOW_FILTERS, { error: 'filter_type must be all, active or inactive.' })
  .default('all');
const statusSchema = z.enum(WORKFLOW_STATUSES, { error: 'status must be draft, active or inactive.' });

export const workflowIdQuerySchema = z.object({ workflow_id: idFieldSchema('workflow_id') });

export const createWorkflowBodySchema = z.object({
  trigger_id: z
    .union([z.string(), z.number()], {
      error: (issue) =>
        issue.input === undefined ? 'trigger_id is required.' : 'trigger_id must be a number.',
    })
    .transform((value, ctx): TriggerId => {
      const number = Number(typeof value === 'string' ? value.trim() : value);
      const found = WORKFLOW_TRIGGER_IDS.find((id) => id === number);
      if (found === undefined || (typeof value === 'string' && value.trim() === '')) {
        ctx.addIssue({ code: 'custom', message: 'trigger_id must be one of 7, 8, 9, 10, 11, 14.' });
        return z.NEVER;
      }
      return found;
    }),
  email_id: optionalIdFieldSchema('email_id'),
  list_id: optionalIdFieldSchema('list_id'),
  sp_uuid: z
    .string({ error: 'sp_uuid must be text.' })
    .max(64, 'sp_uuid is too long.')
    .optional()
    .transform((value) => (value?.trim() ? value.trim().toLowerCase() : null)),
  workflow_name: workflowNameSchema.optional().transform((value) => value || null),
});
export type CreateWorkflowBody = z.output<typeof createWorkflowBodySchema>;

/**
 * The emails added to and removed from a workflow's graph (email_mapping/, and the builder's save through
 * update_workflow/): id lists, absent or empty meaning no change; an id in both lists cancels out.
 */
const emailMappingFields = {
  add_emails: idListFieldSchema('add_emails').describe(
    'Emails to map to the workflow: ids of your organisation\'s emails ("4,5" or [4,5]).',
  ),
  remove_emails: idListFieldSchema('remove_emails').describe(
    'Emails to unmap from the workflow ("4,5" or [4,5]).',
  ),
};

export const updateWorkflowBodySchema = z.object({
  workflow_id: idFieldSchema('workflow_id'),
  workflow: workflowJsonSchema.optional(),
  status: statusSchema.optional(),
  trigger_email_update: optionalIdFieldSchema('trigger_email_update'),
  trigger_list_id: optionalIdFieldSchema('trigger_list_id'),
  workflow_name: workflowNameSchema.optional(),
  /** Optional optimistic check: the version the client's draft was based on. */
  version: wholeNumberField('version', { min: 0, max: 2_147_483_647 }).optional(),
  /** Optional: the mapping changes since the last save, applied in the save's transaction. */
  ...emailMappingFields,
});
export type UpdateWorkflowBody = z.output<typeof updateWorkflowBodySchema>;

export const userWorkflowsQuerySchema = z.object({
  offset: offsetSchema,
  limit: limitSchema(100, 20),
  workflow_name: searchFieldSchema('workflow_name'),
  filter_type: filterTypeSchema,
});
export type UserWorkflowsQuery = z.output<typeof userWorkflowsQuerySchema>;

export const deleteWorkflowBodySchema = z.object({
  select_all: booleanFieldSchema('select_all').optional().default(false),
  search_term: searchFieldSchema('search_term'),
  filter_type: filterTypeSchema,
  excluded_workflow_ids: idListFieldSchema('excluded_workflow_ids'),
  workflow_ids: idListFieldSchema('workflow_ids'),
});
export type DeleteWorkflowBody = z.output<typeof deleteWorkflowBodySchema>;

export const resumeWorkflowBodySchema = z.object({
  workflow_id: idFieldSchema('workflow_id'),
  status: z.enum(['active', 'inactive'], {
    error: (issue) =>
      issue.input === undefined ? 'status is required.' : 'status must be active or inactive.',
  }),
});

export const emailMappingBodySchema = z.object({
  workflow_id: idFieldSchema('workflow_id'),
  ...emailMappingFields,
});

export const emailsLinksQuerySchema = z.object({
  email_ids: idListFieldSchema('email_ids').refine((ids) => ids.length > 0, 'email_ids is required.'),
  node_id: z.string({ error: 'node_id must be text.' }).max(MAX_NODE_ID, 'node_id is too long.').optional(),
  workflow_id: idFieldSchema('workflow_id').optional(),
});

export const sendTestShareProfileBodySchema = z.object({
  workflow_id: idFieldSchema('workflow_id').optional(),
  sp_uuid: z
    .string({ error: 'sp_uuid must be text.' })
    .max(64, 'sp_uuid is too long.')
    .optional()
    .transform((value) => (value?.trim() ? value.trim().toLowerCase() : null)),
  /** The share profile configuration as a JSON text (or an object in a JSON body). */
  config: z
    .union([jsonTextSchema('config', 20_000), z.record(z.string(), z.unknown())], {
      error: 'config must be the share profile configuration as JSON.',
    })
    .pipe(shareProfileConfigSchema)
    .optional(),
  to: z
    .email({ error: 'to must be an email address.' })
    .max(320, 'to is too long.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const userEmailsQuerySchema = z.object({
  email_type: wholeNumberField('email_type', { min: 0, max: 2 }).optional(),
  offset: offsetSchema,
  limit: limitSchema(100, 20),
  search: searchFieldSchema('search'),
});

export const contactListsQuerySchema = z.object({
  list_name: searchFieldSchema('list_name'),
  offset: offsetSchema,
  limit: limitSchema(200, 50),
});

export const graphEmailListingQuerySchema = z.object({
  workflow_id: idFieldSchema('workflow_id'),
  search_term: searchFieldSchema('search_term'),
});

export const workflowEmailsGraphBodySchema = z.object({
  workflow_id: idFieldSchema('workflow_id'),
  filter: z
    .enum(GRAPH_FILTERS, { error: 'filter must be week, month, qtr or year.' })
    .optional()
    .default('qtr'),
  email_ids: idListFieldSchema('email_ids'),
  /** The last day of the period (YYYY-MM-DD); default today in user_tz. */
  end_date: z
    .string({ error: 'end_date must be a date such as 2026-11-01.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'end_date must be a date such as 2026-11-01.')
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
      'end_date must be a date such as 2026-11-01.',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const cloneWorkflowBodySchema = z.object({ workflow_id: idFieldSchema('workflow_id') });
