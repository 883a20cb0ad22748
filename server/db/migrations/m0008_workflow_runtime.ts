import { type Kysely, sql } from 'kysely';

/**
 * The workflow runtime (issue 7): enrolments of contacts in workflows and the history of their steps.
 *
 * - workflow_enrolment: one row per enrolment. status running (a step is due now), waiting (at a delay
 *   until next_due_at), held (the workflow is inactive: kept where it is; resume_status says whether it was
 *   running or waiting at a delay), completed, exited (its node was
 *   removed from the flow) or failed. step_seq counts the advances: a scheduled step job names the
 *   step_seq it was made for, so a job that arrives twice (a retry after a crash) finds a newer step_seq
 *   and does nothing. job_id is the pg-boss job scheduled for the current step (null: not scheduled yet;
 *   the runtime's sweep schedules it). chain lists the workflows whose steps led to this enrolment (the
 *   loop guard).
 * - One live (running, waiting, held) enrolment per workflow and contact: a partial unique index makes a
 *   second trigger for an enrolled contact a no-op, also between concurrent processes.
 * - workflow_step_history: what happened at each node (sent, added, waited, yes, no, ended, held ...).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table workflow_enrolment (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      workflow_id integer not null references workflow(id) on delete cascade,
      contact_id integer not null references contacts(id) on delete cascade,
      status text not null check (status in ('running', 'waiting', 'held', 'completed', 'exited', 'failed')),
      current_node text not null,
      step_seq integer not null default 0,
      resume_status text check (resume_status in ('running', 'waiting')),
      next_due_at timestamptz,
      job_id uuid,
      attempts integer not null default 0,
      last_error text,
      trigger_id integer not null,
      trigger_event_id bigint,
      trigger_detail jsonb not null default '{}'::jsonb,
      chain integer[] not null default '{}',
      enrolled_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz
    );
    create unique index workflow_enrolment_live_idx on workflow_enrolment (workflow_id, contact_id)
      where status in ('running', 'waiting', 'held');
    create index workflow_enrolment_workflow_idx on workflow_enrolment (workflow_id, id desc);
    create index workflow_enrolment_node_idx on workflow_enrolment (workflow_id, current_node, status);
    create index workflow_enrolment_contact_idx on workflow_enrolment (contact_id);
    create index workflow_enrolment_unscheduled_idx on workflow_enrolment (id)
      where job_id is null and status in ('running', 'waiting');

    create table workflow_step_history (
      id bigserial primary key,
      enrolment_id integer not null references workflow_enrolment(id) on delete cascade,
      workflow_id integer not null,
      contact_id integer not null,
      node_id text not null,
      outcome text not null,
      detail jsonb,
      at timestamptz not null default now()
    );
    create index workflow_step_history_enrolment_idx on workflow_step_history (enrolment_id, id);
    create index workflow_step_history_node_idx on workflow_step_history (workflow_id, node_id);

    -- Triggers look up active workflows by organisation and trigger; conditions read a contact's events.
    create index workflow_active_trigger_idx on workflow (org_id, trigger_id) where status = 'active';
    create index email_event_contact_idx on email_event (contact_id, email_id, kind);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists email_event_contact_idx;
    drop index if exists workflow_active_trigger_idx;
    drop table if exists workflow_step_history, workflow_enrolment;
  `.execute(db);
}
