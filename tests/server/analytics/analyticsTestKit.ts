import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../../../server/db/schema.ts';
import { hashPassword } from '../../../server/lib/passwords.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { addDays, todayIn } from '../../../server/services/analytics/analyticsScope.ts';
import { applyNewEvents } from '../../../server/services/analytics/applyNewEvents.ts';
import {
  type EmailEventInput,
  recordEmailEvents,
} from '../../../server/services/delivery/recordEmailEvent.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { A, post } from '../workflowTestKit.ts';
import { randomEventStream, type StreamEvent, type StreamWorld } from './eventStream.ts';
import { recountEvents } from './recountEvents.ts';

/** An organisation made for an analytics test: its user, and the world a random stream is drawn from. */
export type AnalyticsWorld = StreamWorld & {
  userId: number;
  campaignIds: number[];
  accountOf: Map<number, number | null>;
  timeZone: string;
};

let made = 0;

/**
 * A new organisation of its own (so the demo data's events never mix in): a user, accounts, contacts (a
 * third without an account), campaigns with emails (each with its draft edition and two sent ones),
 * workflows and a few articles of the global pool.
 */
export async function makeAnalyticsWorld(
  db: Kysely<Database>,
  options: { contacts?: number; emails?: number; timeZone?: string } = {},
): Promise<AnalyticsWorld> {
  made += 1;
  const timeZone = options.timeZone ?? 'America/New_York';
  return db.transaction().execute(async (trx) => {
    const org = await trx
      .insertInto('organisations')
      .values({
        name: `Analytics world ${made}`,
        logo_image_url: null,
        privacy_url: null,
        contact_url: null,
        time_zone: timeZone,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({
        org_id: org.id,
        email: `analytics-${made}-${org.id}@world.test`,
        password_hash: 'x',
        first_name: 'Ana',
        last_name: 'Lytics',
        signup_app_name: 'workbench',
        plan_type: 'trial',
        // The world's user may ask for the pseudo campaigns (tests/server/featureGates.test.ts: who may not).
        has_share_profile_perm: true,
        has_daily_iq_perm: true,
        has_weekly_account_insight_perm: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const accounts = await trx
      .insertInto('accounts')
      .values(
        [1, 2, 3].map((n) => ({
          org_id: org.id,
          name: `World ${made} account ${n}`,
          website: null,
          industry: null,
          revenue: null,
        })),
      )
      .returning('id')
      .execute();
    const contacts = await trx
      .insertInto('contacts')
      .values(
        Array.from({ length: options.contacts ?? 300 }, (_, i) => ({
          org_id: org.id,
          account_id: i % 3 === 0 ? null : (accounts[i % accounts.length]?.id ?? null),
          first_name: `Reader${i}`,
          last_name: `World${made}`,
          email: `reader${i}.w${made}.o${org.id}@world.test`,
          designation: null,
          phone_number: null,
          industry: null,
          personality_type: null,
          personality: 'N/A',
          buyer_stage: 'Awareness',
          status: 'Subscribed' as const,
          engagement_score: 0,
          linkedin_url: null,
          twitter_url: null,
        })),
      )
      .returning(['id', 'account_id'])
      .execute();
    const campaigns = await trx
      .insertInto('campaigns')
      .values(
        [1, 2, 3].map((n) => ({
          org_id: org.id,
          user_id: user.id,
          name: `World ${made} campaign ${n}`,
          thumbnail: null,
        })),
      )
      .returning('id')
      .execute();
    const emails = await trx
      .insertInto('emails')
      .values(
        Array.from({ length: options.emails ?? 8 }, (_, i) => ({
          org_id: org.id,
          user_id: user.id,
          campaign_id: campaigns[i % campaigns.length]?.id ?? null,
          name: `World ${made} email ${i + 1}`,
          subject: `Subject ${i + 1}`,
          email_type: 1,
          design_ready: true,
          sent_from: 'a@world.test',
          sender_name: 'World',
          thumbnail: null,
          email_platform: 'workbench',
          html: null,
        })),
      )
      .returning(['id', 'campaign_id'])
      .execute();
    const versions = await trx
      .insertInto('email_versions')
      .values(
        emails.flatMap((email) =>
          [1, 2].map((n) => ({
            org_id: org.id,
            email_id: email.id,
            name: `Edition ${n}`,
            status: 'sent' as const,
          })),
        ),
      )
      .returning(['id', 'email_id'])
      .execute();
    const workflows = await trx
      .insertInto('workflow')
      .values(
        [1, 2].map((n) => ({
          org_id: org.id,
          user_id: user.id,
          name: `World ${made} workflow ${n}`,
          trigger_id: 7,
        })),
      )
      .returning('id')
      .execute();
    const articles = await trx
      .selectFrom('articles')
      .select('id')
      .where('org_id', 'is', null)
      .orderBy('id')
      .limit(12)
      .execute();
    const highest = await trx
      .selectFrom('email_event')
      .select((eb) => eb.fn.max('send_id').as('max'))
      .executeTakeFirst();
    return {
      orgId: org.id,
      userId: user.id,
      timeZone,
      campaignIds: campaigns.map((c) => c.id),
      emails: emails.map((email) => ({
        id: email.id,
        campaignId: email.campaign_id,
        versionIds: versions.filter((v) => v.email_id === email.id).map((v) => v.id),
      })),
      contacts: contacts.map((c) => c.id),
      accountOf: new Map(contacts.map((c) => [c.id, c.account_id])),
      workflowIds: workflows.map((w) => w.id),
      articleIds: articles.map((a) => a.id),
      firstSendId: 10_000_000 + made * 1_000_000 + Number(highest?.max ?? 0),
      end: new Date(),
    };
  });
}

/** Records events the way delivery and tracking do (recordEmailEvents), in one transaction. */
export async function recordEvents(db: Kysely<Database>, events: readonly EmailEventInput[]): Promise<void> {
  await db.transaction().execute((trx) => recordEmailEvents(trx, [], events));
}

/** Signs in as the world's user (given a password here, as the world is made without one). */
export async function signInWorld(
  app: FastifyInstance,
  db: Kysely<Database>,
  world: AnalyticsWorld,
): Promise<Session> {
  const password = 'world-password-1';
  const user = await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', world.userId)
    .returning('email')
    .executeTakeFirstOrThrow();
  return signIn(app, { email: user.email, password });
}

/** One day-totals row of a recount (its line parsed back). */
export type DayLine = {
  emailId: number;
  day: string;
  versionId: number | null;
  campaignId: number | null;
  workflowId: number | null;
  isTest: boolean;
  counts: Record<(typeof COUNT_NAMES)[number], number>;
};

const COUNT_NAMES = [
  'sent',
  'delivered',
  'opens',
  'clicks',
  'bounced',
  'unsubscribed',
  'unique_opens',
  'unique_clicks',
] as const;

const idOrNull = (text: string) => (text === '' || text === 'null' ? null : Number(text));

/** The recount's day lines as rows. */
export function dayLines(lines: readonly string[]): DayLine[] {
  return lines.map((line) => {
    const [key = '', numbers = ''] = line.split(' | ');
    const [email, day, version, campaign, workflow, test] = key.split(' ');
    const values = numbers.split(' ').map(Number);
    return {
      emailId: Number(email),
      day: day ?? '',
      versionId: idOrNull(version ?? ''),
      campaignId: idOrNull(campaign ?? ''),
      workflowId: idOrNull(workflow ?? ''),
      isTest: test === 'true',
      counts: Object.fromEntries(COUNT_NAMES.map((name, i) => [name, values[i] ?? 0])) as DayLine['counts'],
    };
  });
}

/** The counts of the day lines `keep` keeps, summed. */
export function sumLines(lines: readonly DayLine[], keep: (line: DayLine) => boolean) {
  const sum = Object.fromEntries(COUNT_NAMES.map((name) => [name, 0])) as DayLine['counts'];
  for (const line of lines.filter(keep)) for (const name of COUNT_NAMES) sum[name] += line.counts[name];
  return sum;
}

/** One contact-and-email row of a recount (its line parsed back). */
export type ContactEmailLine = {
  contactId: number;
  emailId: number;
  isTest: boolean;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  bounced: number;
  unsubscribed: number;
  lastSent: string | null;
  firstOpen: string | null;
  firstClick: string | null;
  latest: string;
  accountId: number | null;
  campaignId: number | null;
};

const momentOrNull = (text: string | undefined) => (!text || text === '-' ? null : text);
const idAfter = (text: string, name: string) => {
  const found = new RegExp(`${name} (\\S+)`).exec(text)?.[1];
  return found === undefined || found === '-' ? null : Number(found);
};

/** The recount's contact-and-email lines as rows. */
export function contactEmailLines(lines: readonly string[]): ContactEmailLine[] {
  return lines.map((line) => {
    const [key = '', counts = '', , lastSent, , , , firstOpen, firstClick, tail = ''] = line.split(' | ');
    const [contact, email, test] = key.split(' ');
    const [sent, delivered, opened, clicked, bounced, unsubscribed] = counts.split(' ').map(Number);
    return {
      contactId: Number(contact),
      emailId: Number(email),
      isTest: test === 'true',
      sent: sent ?? 0,
      delivered: delivered ?? 0,
      opened: opened ?? 0,
      clicked: clicked ?? 0,
      bounced: bounced ?? 0,
      unsubscribed: unsubscribed ?? 0,
      lastSent: momentOrNull(lastSent),
      firstOpen: momentOrNull(firstOpen),
      firstClick: momentOrNull(firstClick),
      latest: /latest (\S+)/.exec(tail)?.[1] ?? '',
      accountId: idAfter(tail, 'account'),
      campaignId: idAfter(tail, 'campaign'),
    };
  });
}

/** One article-and-contact row of a recount. */
export type ArticleContactLine = {
  articleId: number;
  contactId: number;
  isTest: boolean;
  clicks: number;
  lastClick: string;
  accountId: number | null;
};

export function articleContactLines(lines: readonly string[]): ArticleContactLine[] {
  return lines.map((line) => {
    const [key = '', clicks, , last = '', tail = ''] = line.split(' | ');
    const [article, contact, test] = key.split(' ');
    return {
      articleId: Number(article),
      contactId: Number(contact),
      isTest: test === 'true',
      clicks: Number(clicks),
      lastClick: last,
      accountId: idAfter(tail, 'account'),
    };
  });
}

/** Groups rows by a key. */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k) ?? [];
    group.push(row);
    groups.set(k, group);
  }
  return groups;
}

/** A world with a random stream recorded and rolled up, its recount parsed, and a session of its user. */
export async function analyticsWorldWithEvents(
  app: FastifyInstance,
  db: Kysely<Database>,
  options: { contacts: number; emails: number; events: number; seed: string; timeZone: string },
) {
  const world = await makeAnalyticsWorld(db, options);
  const stream = randomEventStream(world, options.events, options.seed);
  await recordEvents(db, stream);
  await applyNewEvents(db);
  const recount = recountEvents(stream, world.timeZone, world.accountOf);
  return {
    world,
    stream,
    days: dayLines(recount.days),
    contactEmails: contactEmailLines(recount.contactEmails),
    articleContacts: articleContactLines(recount.articleContacts),
    session: await signInWorld(app, db, world),
  };
}

/** What the analytics call tests share: the app, a world with its recount, both sessions, a wide period. */
export type AnalyticsFixture = {
  t: TestApp;
  world: AnalyticsWorld;
  session: Session;
  other: Session;
  days: DayLine[];
  /** The events as recorded, in arrival order. */
  stream: StreamEvent[];
  /** Real (not test) contact-and-email and article-and-contact rows. */
  real: ContactEmailLine[];
  articles: ArticleContactLine[];
  /** The 61 days ending today in the world's time zone (every event of the stream). */
  range: { start_date: string; end_date: string };
};

/**
 * Makes the fixture before the file's tests (a test app of its own, env as given) and closes it after;
 * `fixture()` reads it inside a test.
 */
export function analyticsFixture(
  options: { contacts: number; emails: number; events: number; seed: string; timeZone: string },
  env: Record<string, string> = {},
): () => AnalyticsFixture {
  let fixture: AnalyticsFixture | undefined;
  beforeAll(async () => {
    const t = await createTestApp({ DELIVERY_POLL_MS: '0', ...env });
    const made = await analyticsWorldWithEvents(t.app, t.database.db, options);
    const today = todayIn(made.world.timeZone);
    fixture = {
      t,
      world: made.world,
      session: made.session,
      other: await signIn(t.app, OTHER_ORG_LOGIN),
      days: made.days,
      stream: made.stream,
      real: made.contactEmails.filter((l) => !l.isTest),
      articles: made.articleContacts.filter((l) => !l.isTest),
      range: { start_date: addDays(today, -60), end_date: today },
    };
  });
  afterAll(async () => {
    await fixture?.t.close();
  });
  return () => {
    if (!fixture) throw new Error('the analytics fixture is made in beforeAll');
    return fixture;
  };
}

type Fields = Record<string, string | number | undefined>;

/** A form POST to an analytics call that must answer 200; its JSON. */
export async function callOk(app: FastifyInstance, session: Session, path: string, fields: Fields) {
  const response = await post(app, session, `${A}${path}`, fields);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A form POST to an analytics call: its status and message. */
export async function statusOf(app: FastifyInstance, session: Session, path: string, fields: Fields) {
  const response = await post(app, session, `${A}${path}`, fields);
  return { code: response.statusCode, message: response.json().message as string | undefined };
}

/** The sum of a count over contact-and-email rows. */
export const sumOf = (
  rows: readonly ContactEmailLine[],
  key: 'sent' | 'delivered' | 'opened' | 'clicked' | 'bounced' | 'unsubscribed',
) => rows.reduce((n, r) => n + r[key], 0);
