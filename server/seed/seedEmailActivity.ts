import { sql, type Transaction } from 'kysely';
import { flowEmailIds } from '../../domain/workflowGraphRules.ts';
import type { WorkflowFlow } from '../../domain/workflowTypes.ts';
import type { Database } from '../db/schema.ts';
import { restoreRowForeignKeyChecks, skipRowForeignKeyChecks } from '../lib/skipRowForeignKeyChecks.ts';
import { DEMO_IDS } from './demoIds.ts';
import {
  type DemoEvent,
  type DemoLink,
  type DemoRecipient,
  demoSendEvents,
  sendProfile,
} from './demoSendEvents.ts';
import { NEWCOMER_EMAILS } from './newcomerEmails.ts';
import { type SeededRandom, seededRandom } from './seededRandom.ts';

/** Days of demo email activity: the three months before the seed's day. */
export const ACTIVITY_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
const EVENT_CHUNK = 20_000;
const ARTICLES_PER_ISSUE = 5;

type EmailRow = {
  id: number;
  org_id: number;
  user_id: number;
  campaign_id: number | null;
  campaign_name: string | null;
  name: string;
  subject: string;
  email_type: number;
  design_ready: boolean;
  html: string | null;
  created_at: Date;
};

export type SeededActivity = { editions: number; curatedArticles: number; events: number };

/** The seed's day: midnight UTC of `now`. The activity ends there, so every event is in the past. */
export function activityEnd(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

const dayStart = (end: Date, daysAgo: number) => new Date(end.getTime() - daysAgo * DAY_MS);
const isWeekend = (day: Date) => day.getUTCDay() === 0 || day.getUTCDay() === 6;

/** The email's links a click can record (anchors and mail links left out), the article links weighed most. */
function linksOf(html: string | null, articles: ReadonlyMap<string, number> = new Map()): DemoLink[] {
  const urls = [
    ...new Set([...(html ?? '').matchAll(/href=["']([^"'#][^"']*)["']/g)].map((m) => m[1] ?? '')),
  ];
  return urls
    .filter((url) => url.startsWith('http'))
    .map((url, index) => {
      const articleId = articles.get(url) ?? null;
      return {
        url: url.replaceAll('&amp;', '&'),
        articleId,
        weight: articleId !== null ? 6 - Math.min(index, 4) : 1,
      };
    });
}

/** A digest issue: the curated articles as the email's body, each linked to its article. */
function issueHtml(subject: string, articles: readonly { title: string; link: string }[]): string {
  const items = articles.map((a) => `<li><a href="${a.link}">${a.title.replace(/[<>&"]/g, '')}</a></li>`);
  return [
    '<!doctype html><html><body style="font-family:Arial,sans-serif">',
    `<h1>${subject.replace(/[<>&]/g, '')}</h1>`,
    '<p>Hello {{first_name}}, the stories our analysts picked for you this time:</p>',
    `<ul>${items.join('')}</ul>`,
    '<p><a href="https://northwind-demo.test/demo">Book a demo</a></p>',
    '</body></html>',
  ].join('');
}

/** Campaign sends go out on weekdays, most on Tuesday to Thursday: a weight per day of the week. */
const SEND_DAY_WEIGHTS = [0, 0.5, 1, 1, 0.9, 0.45, 0] as const;

/** A sending day at or before `daysAgo`, not before day 1. */
function sendDay(random: SeededRandom, end: Date, daysAgo: number): number {
  let d = Math.max(1, daysAgo);
  while (d > 1 && !random.chance(SEND_DAY_WEIGHTS[dayStart(end, d).getUTCDay()] ?? 0)) d -= 1;
  return d;
}

type PlannedIssue = { email: EmailRow; daysAgo: number; number: number };

/**
 * When each design-ready campaign email of the demo organisation went out: digest emails every three or
 * four weeks (a curated issue each), the others once, a third of them again two weeks or so later; on
 * weekdays, never before the email was written. The newcomer's workflow emails stay unsent.
 */
function planIssues(random: SeededRandom, emails: readonly EmailRow[], end: Date): PlannedIssue[] {
  const newcomer = new Set<number>([NEWCOMER_EMAILS.welcome.id, NEWCOMER_EMAILS.guide.id]);
  const issues: PlannedIssue[] = [];
  for (const email of emails) {
    if (email.org_id !== DEMO_IDS.mainOrgId || !email.design_ready || email.campaign_id === null) continue;
    if (newcomer.has(email.id)) continue;
    const written = Math.floor((end.getTime() - email.created_at.getTime()) / DAY_MS) - 1;
    const digest = email.campaign_name?.includes('Digest') ?? false;
    // A digest's first issue opens the three months; another email goes out any time in them.
    const first = Math.min(
      digest ? ACTIVITY_DAYS - random.int(0, 12) : random.int(4, ACTIVITY_DAYS - 2),
      written,
    );
    if (first < 3) continue;
    let daysAgo = sendDay(random, end, first);
    let number = 1;
    issues.push({ email, daysAgo, number });
    for (;;) {
      const gap = digest ? random.int(21, 28) : random.int(12, 20);
      if (!digest && (number > 1 || !random.chance(0.35))) break;
      if (daysAgo - gap < 2) break;
      daysAgo = sendDay(random, end, daysAgo - gap);
      number += 1;
      issues.push({ email, daysAgo, number });
    }
  }
  return issues;
}

async function insertEvents(trx: Transaction<Database>, events: readonly DemoEvent[]): Promise<void> {
  // The events name only rows the seed has just written, so the per-row foreign-key checks are skipped
  // where the connection may. One statement, one parameter: a JSON array unpacked by the database.
  const skipped = await skipRowForeignKeyChecks(trx);
  for (let i = 0; i < events.length; i += EVENT_CHUNK) {
    const chunk = JSON.stringify(events.slice(i, i + EVENT_CHUNK));
    await sql`
      insert into email_event (org_id, kind, contact_id, account_id, email_id, version_id, campaign_id,
        workflow_id, node_id, link, article_id, user_agent, occurred_at)
      select org_id, kind, contact_id, account_id, email_id, version_id, campaign_id, workflow_id, node_id, link,
        article_id, user_agent, occurred_at
      from jsonb_to_recordset(${chunk}::jsonb) as e(org_id int, kind text, contact_id int, account_id int,
        email_id int, version_id int, campaign_id int, workflow_id int, node_id text, link text, article_id int,
        user_agent text, occurred_at timestamptz)`.execute(trx);
  }
  if (skipped) await restoreRowForeignKeyChecks(trx);
}

/**
 * Three months of email activity ending at the seed's day (`now`): the demo organisation's campaign
 * emails sent as editions (digests as curated issues of the article pool) to hundreds of its subscribed
 * contacts, and every live workflow sending its emails most days (fewer at weekends; an inactive workflow
 * stopped a few weeks ago), each send with its deliveries, bounces, opens, clicks and unsubscribes at
 * believable rates (demoSendEvents.ts). One named random stream: the same day gives the same rows. Runs
 * after the campaigns, audience, workflows and the article pool. The rollups are applied afterwards.
 */
export async function seedEmailActivity(trx: Transaction<Database>, now: Date): Promise<SeededActivity> {
  const random = seededRandom('email-activity');
  const end = activityEnd(now);
  const emails = (
    await sql<EmailRow>`
    select e.id, e.org_id, e.user_id, e.campaign_id, c.name as campaign_name, e.name, e.subject, e.email_type,
      e.design_ready, e.html, e.created_at
    from emails e left join campaigns c on c.id = e.campaign_id order by e.id`.execute(trx)
  ).rows.map((e) => ({
    ...e,
    created_at: new Date(e.created_at),
  }));
  const contacts = await trx
    .selectFrom('contacts')
    .select(['id', 'org_id', 'account_id'])
    .where('status', '=', 'Subscribed')
    .orderBy('id')
    .execute();
  const pools = new Map<number, DemoRecipient[]>();
  for (const c of contacts)
    pools.set(c.org_id, [...(pools.get(c.org_id) ?? []), { contactId: c.id, accountId: c.account_id }]);
  const articles = await trx
    .selectFrom('articles')
    .select(['id', 'title', 'link', 'published_at'])
    .where('org_id', 'is', null)
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .limit(600)
    .execute();

  const events: DemoEvent[] = [];
  const profiles = new Map<number, ReturnType<typeof sendProfile>>();
  const profileOf = (emailId: number) => {
    let profile = profiles.get(emailId);
    if (!profile) {
      profile = sendProfile(random);
      profiles.set(emailId, profile);
    }
    return profile;
  };

  // Campaign editions: each planned issue is a sent edition of its email.
  const issues = planIssues(random, emails, end);
  const curated: { version: number; addedAt: Date; articles: typeof articles }[] = [];
  let curatedArticles = 0;
  for (const issue of issues) {
    const { email } = issue;
    const pool = pools.get(email.org_id) ?? [];
    if (pool.length === 0) continue;
    const at = new Date(dayStart(end, issue.daysAgo).getTime() + random.int(8 * 60, 15 * 60) * 60_000);
    const digest = email.email_type === 0 && (email.campaign_name?.includes('Digest') ?? false);
    const before = articles.filter((a) => new Date(a.published_at).getTime() < at.getTime());
    const picks = digest
      ? random.sample(before.length >= 40 ? before.slice(0, 40) : articles.slice(0, 40), ARTICLES_PER_ISSUE)
      : [];
    const html = digest ? issueHtml(email.subject, picks) : email.html;
    const createdAt = new Date(at.getTime() - random.int(1, 4) * DAY_MS);
    const version = await trx
      .insertInto('email_versions')
      .values({
        org_id: email.org_id,
        email_id: email.id,
        user_id: email.user_id,
        name: digest ? `Issue ${issue.number}` : issue.number === 1 ? 'First send' : 'Second send',
        subject: email.subject,
        status: 'sent',
        html,
        sent_at: at,
        created_at: createdAt,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (picks.length > 0) {
      curated.push({ version: version.id, addedAt: createdAt, articles: picks });
      curatedArticles += picks.length;
    }
    const size =
      email.email_type === 2 ? random.int(50, 150) : digest ? random.int(380, 640) : random.int(180, 460);
    events.push(
      ...demoSendEvents(random, {
        at,
        recipients: random.sample(pool, size).sort((a, b) => a.contactId - b.contactId),
        links: linksOf(html, new Map(picks.map((a) => [a.link, a.id]))),
        profile: profileOf(email.id),
        base: {
          org_id: email.org_id,
          email_id: email.id,
          version_id: version.id,
          campaign_id: email.campaign_id,
          workflow_id: null,
          node_id: null,
        },
        cutoff: end,
      }),
    );
  }
  if (curated.length > 0)
    await trx
      .insertInto('edition_articles')
      .values(
        curated.flatMap(({ version, addedAt, articles: picked }) =>
          picked.map((a, position) => ({
            version_id: version,
            article_id: a.id,
            position,
            added_by: null,
            added_at: addedAt,
          })),
        ),
      )
      .execute();

  // Workflows: every live one sends its design-ready emails, a few a day.
  const workflows = await trx
    .selectFrom('workflow')
    .select(['id', 'org_id', 'status', 'flow', 'created_at'])
    .where('status', '!=', 'draft')
    .orderBy('id')
    .execute();
  const mapping = await trx.selectFrom('workflow_email').select(['workflow_id', 'email_id']).execute();
  const byId = new Map(emails.map((e) => [e.id, e]));
  for (const workflow of workflows) {
    const flow = (
      typeof workflow.flow === 'string' ? JSON.parse(workflow.flow) : workflow.flow
    ) as WorkflowFlow;
    const nodes = new Map<number, string>();
    for (const node of Object.values(flow))
      if (node.type === 'send email' && node.detail.emailId) nodes.set(node.detail.emailId, node.nodeId);
    const ids = new Set([
      ...flowEmailIds(flow),
      ...mapping.filter((m) => m.workflow_id === workflow.id).map((m) => m.email_id),
    ]);
    const pool = pools.get(workflow.org_id) ?? [];
    const live = Math.floor((end.getTime() - new Date(workflow.created_at).getTime()) / DAY_MS);
    const first = Math.min(ACTIVITY_DAYS, live);
    // An inactive workflow was paused some weeks ago and has sent nothing since.
    const last = workflow.status === 'inactive' ? random.int(18, 45) : 1;
    for (const id of [...ids].sort((a, b) => a - b)) {
      const email = byId.get(id);
      if (!email?.design_ready || pool.length === 0) continue;
      const links = linksOf(email.html);
      for (let daysAgo = first; daysAgo >= last; daysAgo -= 1) {
        const day = dayStart(end, daysAgo);
        if (!random.chance(isWeekend(day) ? 0.25 : 0.65)) continue;
        const recipients = random.sample(pool, random.int(1, 4)).sort((a, b) => a.contactId - b.contactId);
        events.push(
          ...demoSendEvents(random, {
            at: new Date(day.getTime() + random.int(6 * 60, 20 * 60) * 60_000),
            recipients,
            links,
            profile: profileOf(email.id),
            base: {
              org_id: workflow.org_id,
              email_id: email.id,
              version_id: null,
              campaign_id: email.campaign_id,
              workflow_id: workflow.id,
              node_id: nodes.get(email.id) ?? null,
            },
            cutoff: end,
          }),
        );
      }
    }
  }
  // In time order, as they happened (ids follow time, as live tracking writes them).
  events.sort((a, b) => (a.occurred_at < b.occurred_at ? -1 : a.occurred_at > b.occurred_at ? 1 : 0));
  await insertEvents(trx, events);
  return { editions: issues.length, curatedArticles, events: events.length };
}
