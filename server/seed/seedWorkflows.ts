import { sql, type Transaction } from 'kysely';
import { flowEmailIds } from '../../domain/workflowGraphRules.ts';
import type { Database } from '../db/schema.ts';
import { buildDemoFlow } from './demoFlowBuilder.ts';
import { DEMO_IDS } from './demoIds.ts';
import { DEMO_SHARE_PROFILES, DEMO_WORKFLOWS, type DemoEmail, shareProfileConfig } from './demoWorkflows.ts';
import { seededRandom } from './seededRandom.ts';
import { seedTime } from './seedTime.ts';

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

export type SeededWorkflows = { workflows: number; shareProfiles: number };

/**
 * Share profiles and the demo workflows (with the emails mapped to their graphs); their email activity
 * comes with the campaigns' (seedEmailActivity.ts). Runs after seedCampaigns and seedAudience.
 */
export async function seedWorkflows(trx: Transaction<Database>): Promise<SeededWorkflows> {
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

  return { workflows: built.length, shareProfiles: DEMO_SHARE_PROFILES.length };
}

export const DEMO_WORKFLOW_OWNER = DEMO_IDS.demoUserId;
