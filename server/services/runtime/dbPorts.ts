import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { TickBatcher } from '../../lib/TickBatcher.ts';
import { queueMarketingEmails } from '../delivery/queueMarketingEmail.ts';
import type { Clock, EventQuery, MailPort, SendInput, StepPorts } from './runtimePorts.ts';
import type { StepScheduler } from './stepScheduler.ts';
import { subscribeContactsToList } from './workflowTriggers.ts';

type Trx = Transaction<Database>;
type ListAdd = Parameters<StepPorts['lists']['add']>[0];
type ListAdded = Awaited<ReturnType<StepPorts['lists']['add']>>;

/** The mail port of production: queueMarketingEmails in the step transaction, the sends of a round at once. */
export function queueMailPort(trx: Trx): MailPort {
  const sends = new TickBatcher<SendInput, { sendId: number | null; created: boolean }>((inputs) =>
    queueMarketingEmails(trx, inputs),
  );
  return { send: (input) => sends.load(input) };
}

/** Which of the queries have a matching event: one statement for all of them. */
async function hasEvents(trx: Trx, queries: readonly EventQuery[]): Promise<boolean[]> {
  const rows = queries.map((q, i) => ({
    i,
    c: q.contactId,
    k: q.kind,
    e: q.emailId,
    l: q.link ? q.link : null,
    s: q.since ? q.since.toISOString() : null,
    u: q.until.toISOString(),
  }));
  const found = await sql<{ i: number }>`
    select q.i from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as q(i int, c int, k text, e int, l text, s timestamptz, u timestamptz)
    where exists (
      select 1 from email_event ev
      where ev.contact_id = q.c and ev.kind = q.k and ev.occurred_at <= q.u
        and (q.e is null or ev.email_id = q.e) and (q.l is null or ev.link = q.l)
        and (q.s is null or ev.occurred_at >= q.s))`.execute(trx);
  const yes = new Set(found.rows.map((row) => row.i));
  return queries.map((_, i) => yes.has(i));
}

/** Which (list, contact) pairs are memberships now: one statement. */
async function areMembers(
  trx: Trx,
  pairs: readonly { listId: number; contactId: number }[],
): Promise<boolean[]> {
  const rows = await sql<{ list_id: number; contact_id: number }>`
    select lc.list_id, lc.contact_id from list_contacts lc
    join jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as q("listId" int, "contactId" int)
      on lc.list_id = q."listId" and lc.contact_id = q."contactId"`.execute(trx);
  const members = new Set(rows.rows.map((row) => `${row.list_id}:${row.contact_id}`));
  return pairs.map((pair) => members.has(`${pair.listId}:${pair.contactId}`));
}

/**
 * List additions of a round: one subscribeContactsToList per list and chain (it adds and enrols a set of
 * contacts with a fixed number of statements), answered per contact.
 */
async function addToLists(
  trx: Trx,
  scheduler: StepScheduler | null,
  memo: Map<string, unknown> | undefined,
  inputs: readonly ListAdd[],
): Promise<ListAdded[]> {
  const groups = new Map<string, ListAdd[]>();
  for (const input of inputs) {
    const key = `${input.orgId}:${input.listId}:${input.chain.join(',')}`;
    const group = groups.get(key);
    if (group) group.push(input);
    else groups.set(key, [input]);
  }
  const answers = new Map<ListAdd, ListAdded>();
  for (const group of groups.values()) {
    const [first] = group as [ListAdd, ...ListAdd[]];
    const result = await subscribeContactsToList(
      trx,
      {
        orgId: first.orgId,
        listId: first.listId,
        contactIds: group.map((input) => input.contactId),
        chain: first.chain,
      },
      scheduler,
      memo,
    );
    const added = new Set(result.added);
    const answered = new Set<number>();
    for (const input of group) {
      // The same contact twice in a round: the first is the addition, the second finds it a member.
      const isAddition = added.has(input.contactId) && !answered.has(input.contactId);
      answered.add(input.contactId);
      answers.set(input, {
        added: isAddition,
        enrolledIn: isAddition
          ? result.enrolments.filter((e) => e.contactId === input.contactId).map((e) => e.id)
          : [],
      });
    }
  }
  return inputs.map((input) => answers.get(input) as ListAdded);
}

/**
 * Production ports: everything read and written in the step transaction. The steps of a batch run side
 * by side; each port gathers the calls of a round (TickBatcher) into one set-based statement.
 */
export function dbPorts(
  trx: Trx,
  scheduler: StepScheduler | null,
  clock: Clock,
  mail: MailPort = queueMailPort(trx),
  memo?: Map<string, unknown>,
): StepPorts {
  const events = new TickBatcher<EventQuery, boolean>((queries) => hasEvents(trx, queries));
  const members = new TickBatcher<{ listId: number; contactId: number }, boolean>((pairs) =>
    areMembers(trx, pairs),
  );
  const additions = new TickBatcher<ListAdd, ListAdded>((inputs) => addToLists(trx, scheduler, memo, inputs));
  return {
    clock,
    mail,
    events: { hasEvent: (query) => events.load(query) },
    lists: {
      isMember: (listId, contactId) => members.load({ listId, contactId }),
      add: (input) => additions.load(input),
    },
  };
}
