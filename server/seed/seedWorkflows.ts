import { type Insertable, sql, type Transaction } from 'kysely';
import { flowEmailIds } from '../../domain/workflowGraphRules.ts';
import type { Database, EmailEventKind, EmailEventTable } from '../db/schema.ts';
import { buildDemoFlow } from './demoFlowBuilder.ts';
import { DEMO_IDS } from './demoIds.ts';
import { DEMO_SHARE_PROFILES, DEMO_WORKFLOWS, type DemoEmail, shareProfileConfig } from './demoWorkflows.ts';
import type { SeededContact } from './seedAudience.ts';
import { seededRandom } from './seededRandom.ts';
import { seedTime } from './seedTime.ts';

/** Days of email events before SEED_NOW. */
const EVENT_DAYS = 120;
const EVENT_CHUNK = 20_000;

/** Emails whose html gets several links, some repeated (for get_emails_links/ and "has clicked" conditions). */
const LINKED_EMAILS: Record<number, string> = {
  2: 'launch',
  4: 'case-studies/acme',
  16: 'getting-started',
};

function linkedHtml(slug: string): string {
  const site = 'https://northwind-demo.test';
  return [
    '<!doctype html><html><body style="font-family:Arial,sans-serif">',
    `<p><a href="${site}/${slug}">Read it on our site</a></p>`,
    `<p>See the <a href="${site}/pricing">pricing</a> or <a href='${site}/demo'>book a demo</a>.</p>`,
    `<p><a href="${site}/${slug}"><strong>Read the full story</strong></a></p>`,
    `<p><a href="${site}/demo?utm_source=email&amp;utm_medium=workflow">Book a demo</a></p>`,
    `<p><a href="${site}/pricing">Compare plans</a> · <a href="#top">Back to top</a></p>`,
    '</body></html>',
  ].join('');
}

export type SeededWorkflows = { workflows: number; shareProfiles: number; events: number };

/**
 * Share profiles, the demo workflows (with the emails mapped to their graphs) and about four months of
 * email events for the live workflows' emails. Runs after seedCampaigns and seedAudience.
 */
export async function seedWorkflows(
  trx: Transaction<Database>,
  contacts: readonly SeededContact[],
): Promise<SeededWorkflows> {
  const random = seededRandom('workflows');
  for (const [id, slug] of Object.entries(LINKED_EMAILS)) {
    await trx
      .updateTable('emails')
      .set({ html: linkedHtml(slug) })
      .where('id', '=', Number(id))
      .execute();
  }
  const emailRows = await trx
    .selectFrom('emails')
    .select(['id', 'name', 'design_ready', 'campaign_id', 'html'])
    .execute();
  const emails = new Map(emailRows.map((row) => [row.id, row]));
  const lookup = (id: number): DemoEmail => {
    const row = emails.get(id);
    if (!row) throw new Error(`seedWorkflows: no email ${id}`);
    return { id, name: row.name, designReady: row.design_ready };
  };

  await trx
    .insertInto('share_profile')
    .values(
      DEMO_SHARE_PROFILES.map((profile, i) => ({
        uuid: profile.uuid,
        org_id: profile.orgId,
        user_id: profile.userId,
        name: profile.name,
        config: JSON.stringify(shareProfileConfig(profile)),
        created_at: seedTime(200 - i * 10),
        updated_at: seedTime(100 - i * 10),
      })),
    )
    .execute();

  const built = DEMO_WORKFLOWS.map((w) => ({ demo: w, flow: buildDemoFlow(w.flow(lookup)) }));
  await trx
    .insertInto('workflow')
    .values(
      built.map(({ demo, flow }) => ({
        id: demo.id,
        org_id: demo.orgId,
        user_id: demo.userId,
        name: demo.name,
        status: demo.status,
        trigger_id: demo.triggerId,
        email_id: demo.emailId ?? null,
        list_id: demo.listId ?? null,
        sp_uuid: demo.spUuid ?? null,
        flow: JSON.stringify(flow),
        node_count: Object.keys(flow).length,
        newly_added_nodes: JSON.stringify(demo.newlyAdded ?? []),
        recently_published_at:
          demo.status === 'draft' ? null : seedTime(Math.max(1, demo.createdDaysAgo - 5)),
        trigger_email_sent: demo.status !== 'draft' && demo.emailId !== undefined,
        version: 1 + random.int(1, 12),
        created_at: seedTime(demo.createdDaysAgo),
        updated_at: seedTime(Math.max(1, demo.createdDaysAgo - random.int(1, 20))),
      })),
    )
    .execute();
  await sql`select setval(pg_get_serial_sequence('workflow', 'id'), (select max(id) from workflow))`.execute(
    trx,
  );

  // The graph's emails: the trigger email and the emails of send-email steps.
  const mapping = built.flatMap(({ demo, flow }) => {
    const ids = new Set<number>(flowEmailIds(flow).filter((id) => emails.has(id)));
    if (demo.emailId) ids.add(demo.emailId);
    return [...ids].sort((a, b) => a - b).map((email_id) => ({ workflow_id: demo.id, email_id }));
  });
  await trx.insertInto('workflow_email').values(mapping).execute();

  // Events: every live (active or inactive) workflow sends its design-ready emails most days.
  const pools = new Map<number, number[]>();
  for (const contact of contacts) {
    if (contact.status === 'Hard Bounce') continue;
    pools.set(contact.orgId, [...(pools.get(contact.orgId) ?? []), contact.id]);
  }
  const events: Insertable<EmailEventTable>[] = [];
  for (const { demo, flow } of built) {
    if (demo.status === 'draft') continue;
    const pool = pools.get(demo.orgId) ?? [];
    const sendNodes = new Map<number, string>();
    for (const node of Object.values(flow)) {
      if (node.type === 'send email' && node.detail.emailId) sendNodes.set(node.detail.emailId, node.nodeId);
    }
    const used = mapping.filter((m) => m.workflow_id === demo.id).map((m) => emails.get(m.email_id));
    const liveDays = Math.min(EVENT_DAYS, demo.createdDaysAgo);
    for (const email of used) {
      if (!email?.design_ready) continue;
      const links = [...(email.html ?? '').matchAll(/href="([^"#]+)"/g)].map((m) => m[1] ?? '');
      for (let day = liveDays; day >= 1; day -= 1) {
        if (!random.chance(0.6)) continue;
        const sends = random.int(1, 3);
        for (let n = 0; n < sends; n += 1) {
          const contactId = random.pick(pool);
          const minute = random.int(0, 720);
          const base = {
            org_id: demo.orgId,
            contact_id: contactId,
            email_id: email.id,
            campaign_id: email.campaign_id,
            workflow_id: demo.id,
            node_id: sendNodes.get(email.id) ?? null,
          };
          const push = (kind: EmailEventKind, after: number, extra: Partial<EmailEventTable> = {}) =>
            events.push({
              ...base,
              kind,
              link: null,
              user_agent: null,
              occurred_at: seedTime(day, minute + after),
              ...extra,
            } as Insertable<EmailEventTable>);
          push('sent', 0);
          if (random.chance(0.03)) {
            push('bounced', 1);
            continue;
          }
          push('delivered', 1);
          if (!random.chance(0.45)) continue;
          const agent = random.pick([
            'Mozilla/5.0 (Macintosh)',
            'Mozilla/5.0 (Windows NT 10.0)',
            'Mozilla/5.0 (iPhone)',
          ]);
          push('opened', random.int(5, 600), { user_agent: agent });
          if (links.length > 0 && random.chance(0.3)) {
            push('clicked', random.int(601, 900), { user_agent: agent, link: random.pick(links) });
          }
          if (random.chance(0.01)) push('unsubscribed', 901);
        }
      }
    }
  }
  // One statement, one parameter: a JSON array unpacked by the database (much faster than bound rows).
  for (let i = 0; i < events.length; i += EVENT_CHUNK) {
    const chunk = JSON.stringify(events.slice(i, i + EVENT_CHUNK));
    await sql`
      insert into email_event (org_id, kind, contact_id, email_id, campaign_id, workflow_id, node_id, link, user_agent, occurred_at)
      select org_id, kind, contact_id, email_id, campaign_id, workflow_id, node_id, link, user_agent, occurred_at
      from jsonb_to_recordset(${chunk}::jsonb) as e(org_id int, kind text, contact_id int, email_id int, campaign_id int,
        workflow_id int, node_id text, link text, user_agent text, occurred_at timestamptz)`.execute(trx);
  }
  return { workflows: built.length, shareProfiles: DEMO_SHARE_PROFILES.length, events: events.length };
}

export const DEMO_WORKFLOW_OWNER = DEMO_IDS.demoUserId;
