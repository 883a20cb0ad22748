import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { rebuildRollups } from '../services/analytics/rebuildRollups.ts';
import { rescoreAll } from '../services/journey/rescoreAll.ts';
import { DEMO_IDS } from './demoIds.ts';
import { demoPreferenceUuid } from './demoPreferenceUuid.ts';
import { resetSequences } from './resetSequences.ts';
import { seedArticlePool } from './seedArticlePool.ts';
import { seedAudience } from './seedAudience.ts';
import { seedAudienceCrowd } from './seedAudienceCrowd.ts';
import { seedCampaigns } from './seedCampaigns.ts';
import { seedDesign } from './seedDesign.ts';
import { activityEnd, seedEmailActivity } from './seedEmailActivity.ts';
import { seedForms } from './seedForms.ts';
import { seedLists } from './seedLists.ts';
import { seedPreferences } from './seedPreferences.ts';
import { seedSalesGroups } from './seedSalesGroups.ts';
import { seedUsers } from './seedUsers.ts';
import { seedWebsiteVisits } from './seedWebsiteVisits.ts';
import { seedWorkflows } from './seedWorkflows.ts';

export type SeedCounts = {
  organisations: number;
  users: number;
  contacts: number;
  lists: number;
  campaigns: number;
  emails: number;
  preferences: number;
  groups: number;
  forms: number;
  /** The demo article pool (global). */
  articles: number;
  /** The sent editions of the demo campaigns, their curated articles and the demo's email events. */
  editions: number;
  curatedArticles: number;
  events: number;
  /** The demo website's page views (its visitors, some of them its contacts from its emails). */
  pageViews: number;
};

export type SeedSummary = {
  /** The unsubscribe id of the demo preference link, or null when the database has no preference record. */
  demoPreferenceUuid: string | null;
  /** True when this call filled the database; false when it already held users and was left alone. */
  seeded: boolean;
  /** What was created (only when seeded). */
  counts: SeedCounts | null;
  durationMs: number;
};

/**
 * Fills an empty database with the demo data, in one transaction with multi-row inserts. Does nothing when
 * users exist. Every value comes from fixed seeds and a fixed date (SEED_NOW), so two fresh databases hold
 * identical rows, except the secrets: unsubscribe ids come from the CSPRNG and password hashes have
 * random salts. The email activity alone is dated back from the day of seeding (`now`), so a first start
 * shows the last three months; two databases seeded on the same day hold the same events. Later issues add steps here (workflows, analytics) with their own named random streams and
 * fixed ids, after the steps whose ids they use.
 */
export async function seedDemoData(db: Kysely<Database>, options: { now?: Date } = {}): Promise<SeedSummary> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const counts = await db.transaction().execute(async (trx): Promise<SeedCounts | null> => {
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) return null;
    await seedUsers(trx);
    await seedDesign(trx);
    const audience = await seedAudience(trx);
    const campaigns = await seedCampaigns(trx);
    const preferences = await seedPreferences(trx, audience.contacts);
    await seedWorkflows(trx);
    const crowd = await seedAudienceCrowd(trx);
    const groups = await seedSalesGroups(trx);
    const forms = await seedForms(trx, audience.contacts);
    await resetSequences(
      trx,
      [
        'organisations',
        'users',
        'accounts',
        'contacts',
        'contact_lists',
        'campaigns',
        'emails',
        'subscription_topics',
      ],
      { users: DEMO_IDS.usersSequenceStart },
    );
    const moreLists = await seedLists(trx);
    const articles = await seedArticlePool(trx);
    const activity = await seedEmailActivity(trx, now);
    const pageViews = await seedWebsiteVisits(trx, activityEnd(now));
    return {
      organisations: 2,
      users: 3,
      contacts: audience.contacts.length + crowd,
      lists: audience.listIds.length + moreLists.length,
      campaigns: campaigns.campaignIds.length,
      emails: campaigns.emails.length,
      preferences: preferences.preferenceUuids.length,
      groups,
      forms,
      articles,
      ...activity,
      pageViews,
    };
  });
  // The demo's email events come with their analytics rollups, so a start has nothing to catch up. The
  // set-wise recount (the same numbers as the catch-up, tests/server/analytics/rollups.test.ts) is the
  // quicker of the two for a whole history at once.
  if (counts !== null) await rebuildRollups(db);
  // And with their scores and stages (the bulk recompute, equal to the catch-up: docs/journey.md), as of
  // the end of the activity, so two databases seeded on the same day hold the same scores.
  if (counts !== null) await rescoreAll(db, activityEnd(now));
  return {
    demoPreferenceUuid: await demoPreferenceUuid(db),
    seeded: counts !== null,
    counts,
    durationMs: Math.round(performance.now() - started),
  };
}
