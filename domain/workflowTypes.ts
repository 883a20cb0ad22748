/**
 * The workflow service's data ("Workflow", "Node detail", "Condition", "Email version",
 * "Share profile configuration"): the contract shared by the server (which validates and answers with these
 * shapes), the automation screens, the builder's engine and the runtime. Types only; the zod schemas that
 * validate them live beside them (workflowSchemas.ts) and must accept exactly these shapes.
 */

/** Trigger ids. */
export const TRIGGER_IDS = {
  emailOpen: 7,
  emailClick: 8,
  emailReceived: 9,
  shareProfile: 10,
  emailSequence: 11,
  listSubscription: 14,
} as const;
export type TriggerId = (typeof TRIGGER_IDS)[keyof typeof TRIGGER_IDS];

/** What a trigger is started by, and so what the create screen asks for. */
export type TriggerSubject = 'email' | 'list' | 'share_profile';

export type WorkflowStatus = 'draft' | 'active' | 'inactive';
export type WorkflowFilter = 'all' | 'active' | 'inactive';
/** The workflow list's filters, the default first. */
export const WORKFLOW_FILTERS = ['all', 'active', 'inactive'] as const satisfies readonly WorkflowFilter[];

export type NodeKind = 'ACTION' | 'CONDITION';
export type ControlName = 'send email' | 'add to list' | 'delay' | 'end' | 'If / Else';
export type ControlType = 'action' | 'condition';
export type Direction = 'right' | 'left';

export type ConditionType =
  | 'has opened'
  | 'has clicked'
  | 'has not opened'
  | 'has not clicked'
  | 'current day'
  | 'current time'
  | 'email sequence'
  | 'list';
export type Connector = 'AND' | 'OR';

/** One test of an If / Else node (spec "Condition"). Fields a type does not use are absent or null. */
export type Condition = {
  conditionType: ConditionType;
  controlId: number;
  controlName: ConditionType;
  /** Email tests (has opened/clicked/not opened/not clicked, email sequence). */
  emailId?: number | null;
  emailType?: number | null;
  emailName?: string | null;
  /** has clicked / has not clicked: a link of that email (empty = any link). */
  link?: string | null;
  linkType?: string | null;
  sp_uuid?: string | null;
  /** list: the list tested for membership. */
  listId?: number | null;
  listName?: string | null;
  /** current day / current time. verb: "is", "is not", "before", "after". */
  timezone?: string | null;
  verb?: string | null;
  /** current day: weekday names, e.g. ["Monday"]. */
  day?: string[] | null;
  /** current time: "HH:MM" 24 h. */
  time?: string | null;
};

export type DelayUnit = 'minutes' | 'hours' | 'days' | 'weeks';
export type DayOption = 'all' | 'business';

/** Node detail (spec "Node detail"). */
export type NodeDetail = {
  controlName: ControlName;
  controlType: ControlType;
  controlId: number;
  nodeId: string;
  title: string;
  nodeTitle: string;
  /** send email */
  emailId?: number | null;
  emailName?: string | null;
  sp_uuid?: string | null;
  designReady?: boolean;
  shareProfile?: ShareProfileConfig | null;
  /** add to list */
  list?: { id: number; name: string } | null;
  /** delay: radioValue 1 a duration, 2 wait until a day and hour in a time zone. */
  radioValue?: 1 | 2;
  duration?: { value: number; unit: DelayUnit } | null;
  waitUntil?: { dayOption: DayOption; days: string[]; hour: number; timezone: string } | null;
  /** If / Else */
  conditions?: Condition[];
  connector?: Connector;
  /** Marked by "mark error" or by validation. */
  error: boolean;
};

/** One node of the saved flow. childNodes: an action has at most [next]; a condition [yes, no]. "" = empty slot. */
export type FlowNode = {
  nodeId: string;
  kind: NodeKind;
  type: ControlName;
  parentId: string | null;
  /** Which branch of its parent this node hangs on (a condition's child: left = [0], right = [1]). */
  direction: Direction | null;
  childNodes: string[];
  detail: NodeDetail;
};

/** The saved definition: node id -> node, the root is "0" (absent when the workflow has no step yet). */
export type WorkflowFlow = Record<string, FlowNode>;

export type ShareProfileConfig = {
  template: string | null;
  personalityMetrics: string[];
  senderName: string;
  sendFrom: string;
  emailSubject: string;
  replyTo: string;
  initials: string;
  signature: string | null;
  sendPlatform: string;
};

/** What a workflow's trigger watches (its email, list or share profile), each with the name shown for it. */
export type WorkflowTriggerTargets = {
  email_id: number | null;
  email_name: string | null;
  list_id: number | null;
  list_name: string | null;
  sp_uuid: string | null;
  /** The share profile's name (trigger 10), shown instead of its uuid. */
  sp_name: string | null;
};

/** A row of get_user_workflows/. Dates are ISO texts. */
export type WorkflowSummary = {
  id: number;
  name: string;
  status: WorkflowStatus;
  trigger_id: TriggerId;
  trigger_name: string;
  node_count: number;
  created_on: string;
  updated_on: string;
} & WorkflowTriggerTargets;

/** get_workflow_details/ data (spec "Workflow"). */
export type WorkflowDetails = WorkflowSummary & {
  flow: WorkflowFlow;
  detail: { emailId: number | null; emailName: string | null; shareProfileUuid: string | null };
  newlyAddedNodes: string[];
  design_ready: boolean;
  email_type: number | null;
  campaign_id: number | null;
  error_nodes: string[];
  error_publish_nodes: PublishProblem[];
  trigger_email_sent: boolean;
  /** Increases on every saved change; lets a client tell its draft's base from the server's version. */
  version: number;
};

/** Why publishing is refused, per node. */
export type PublishProblem = { nodeId: string; nodeTitle: string; message: string };

export type WorkflowTrigger = {
  trigger_id: TriggerId;
  trigger_name: string;
  description: string;
  subject: TriggerSubject;
};

/** Email version (picker), spec "Email version". */
export type EmailVersion = {
  campaign_id: number | null;
  campaign_name: string | null;
  email_id: number;
  email_type: number;
  design_ready: boolean;
  email_name: string;
  subject: string;
  sent_from: string;
  sender_name: string;
  created_on: string;
  thumbnail: string | null;
  email_platform: string;
};

export type ContactListOption = { list_id: number; list_name: string; contact_count: number };
export type ShareProfileOption = { sp_uuid: string; name: string };

export type WorkflowControl = { controlId: number; controlName: ControlName; controlType: ControlType };
export type ConditionControl = { controlId: number; controlName: ConditionType };

export type EmailLinks = { email_id: number; email_name: string; links: { url: string; text: string }[] };

/** get_user_static_data/ data: the builder's option lists. */
export type WorkflowStaticData = {
  timezones: string[];
  weekdays: string[];
  /** 1..12 am then 1..12 pm, as labels with their 0-23 hour. */
  hours: { label: string; value: number }[];
  day_options: { label: string; value: DayOption }[];
  templates: { id: string; name: string }[];
  signatures: { id: string; name: string }[];
  share_profiles: ShareProfileOption[];
};

/** workflow_emails_graph/ data: one series per email, one point per day. */
export type WorkflowGraphPoint = { date: string; sends: number; opens: number; clicks: number };
export type WorkflowGraphSeries = { email_id: number; email_name: string; points: WorkflowGraphPoint[] };
export type WorkflowGraphFilter = 'week' | 'month' | 'qtr' | 'year';
export const WORKFLOW_GRAPH_DEFAULT_FILTER = { value: 'qtr', label: '1 QTR' } as const;

/** Texts the spec fixes. */
export const WORKFLOW_TEXTS = {
  defaultName: 'New Workflow',
  saved: 'Your workflow has been saved successfully!',
  published: 'Your workflow has been published successfully!',
  reactivated: 'Your workflow has been reactivated',
  inactiveWarning:
    'All actions and conditions within the workflow will be halted for the enrolled contacts until you reactivate it.',
  resumeFailed: 'Error in resuming the Workflow',
  cloneBlocked: 'Cannot clone: Obtain permissions for all emails in the workflow before cloning',
  cloneTitle: 'Cloning this workflow',
  cloneQuestion: 'Are you sure you want to clone this workflow?',
  clonedTitle: 'Workflow Cloned',
  copied: 'Copied',
} as const;

/**
 * update_workflow/'s form fields, as the client sends them (strings; trigger fields only when set). The
 * server reads them with updateWorkflowBodySchema (workflowSchemas.ts).
 */
export type UpdateWorkflowFields = {
  workflow_id: string;
  workflow: string;
  status: WorkflowStatus;
  workflow_name: string;
  trigger_email_update?: string;
  trigger_list_id?: string;
  version?: string;
};

/**
 * The answers of the workflow service (every one also carries success: true; a refusal is
 * { success: false, message } with HTTP 200 for a rule, 400 for bad input, 404 for an unknown or foreign id).
 */
export type WorkflowAnswers = {
  get_workflow_triggers: { data: WorkflowTrigger[] };
  get_user_emails: { data: { emails: EmailVersion[] }; total_count: number; internal_user: boolean };
  get_user_contact_lists: { data: ContactListOption[] };
  create_workflow: { workflow_id: number; data: WorkflowSummary };
  get_workflow_details: { data: WorkflowDetails };
  /** A refused publish: success false, message naming the node and the reason, and error_publish_nodes. */
  update_workflow: { message: string; data: WorkflowDetails };
  get_workflow_controls: { data: { actions: WorkflowControl[]; conditions: ConditionControl[] } };
  get_user_workflows: { data: WorkflowSummary[]; total_count: number; total_active_count: number };
  delete_workflow: { deleted_count: number; total_count: number; total_active_count: number };
  resume_workflow: { message: string; data: WorkflowSummary; total_active_count: number };
  clone_workflow: { message: string; data: WorkflowSummary };
  email_mapping: { data: { email_ids: number[] } };
  get_emails_links: { data: EmailLinks[] };
  send_test_share_profile: { message: string };
  get_user_static_data: { data: WorkflowStaticData };
  graph_email_listing: { data: { email_id: number; email_name: string }[] };
  workflow_emails_graph: {
    data: { filter: WorkflowGraphFilter; from: string; to: string; series: WorkflowGraphSeries[] };
  };
};
