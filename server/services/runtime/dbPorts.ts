import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { queueMarketingEmail } from '../delivery/queueMarketingEmail.ts';
import type { Clock, MailPort, StepPorts } from './runtimePorts.ts';
import type { StepScheduler } from './stepScheduler.ts';
import { subscribeContactsToList } from './workflowTriggers.ts';

/** The mail port of production: queueMarketingEmail in the step's transaction. */
export function queueMailPort(trx: Transaction<Database>): MailPort {
  return {
    send: async (input) => {
      const queued = await queueMarketingEmail(trx, input);
      return { sendId: queued.sendId, created: queued.created };
    },
  };
}

/** Production ports: everything read and written in the step's transaction. */
export function dbPorts(
  trx: Transaction<Database>,
  scheduler: StepScheduler | null,
  clock: Clock,
  mail: MailPort = queueMailPort(trx),
  memo?: Map<string, unknown>,
): StepPorts {
  return {
    clock,
    mail,
    events: {
      hasEvent: async (q) => {
        let query = trx
          .selectFrom('email_event')
          .select(sql`1`.as('one'))
          .where('contact_id', '=', q.contactId)
          .where('kind', '=', q.kind)
          .where('occurred_at', '<=', q.until);
        if (q.emailId !== null) query = query.where('email_id', '=', q.emailId);
        if (q.link) query = query.where('link', '=', q.link);
        if (q.since) query = query.where('occurred_at', '>=', q.since);
        return (await query.limit(1).executeTakeFirst()) !== undefined;
      },
    },
    lists: {
      isMember: async (listId, contactId) =>
        (await trx
          .selectFrom('list_contacts')
          .select('contact_id')
          .where('list_id', '=', listId)
          .where('contact_id', '=', contactId)
          .executeTakeFirst()) !== undefined,
      add: async ({ orgId, listId, contactId, chain }) => {
        const result = await subscribeContactsToList(
          trx,
          { orgId, listId, contactIds: [contactId], chain },
          scheduler,
          memo,
        );
        return { added: result.added.length > 0, enrolledIn: result.enrolments };
      },
    },
  };
}
