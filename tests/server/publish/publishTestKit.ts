import { expect } from 'vitest';
import type { EmailDesign } from '../../../domain/emailDesign.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import type { Session, TestApp } from '../../helpers/testApp.ts';
import { createColleague, get, post, signInColleague } from '../workflowTestKit.ts';
import { everyKindDesign } from './designFixtures.ts';

export const P = '/api/publish/';
export const C = '/api/campaign/';

type Res = { statusCode: number; body: string; json: () => unknown };

/** The data of a 200 answer (the body shown when it is not). */
export function ok<T>(response: Res): T {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
}

/** A 400 answer's body. */
export function refusal(response: Res) {
  expect(response.statusCode, response.body).toBe(400);
  return response.json() as { success: false; message: string; error?: string; errors?: { code: string }[] };
}

/**
 * Adds `count` new contacts of the demo organisation (addresses tag-N@publish.test, the given status)
 * to a list; answers their ids in order.
 */
export async function addToList(
  t: TestApp,
  listId: number,
  tag: string,
  count: number,
  status: 'Subscribed' | 'Unsubscribed' | 'Hard Bounce' = 'Subscribed',
): Promise<number[]> {
  const contacts = await t.database.db
    .insertInto('contacts')
    .values(
      Array.from({ length: count }, (_, i) => ({
        org_id: DEMO_IDS.mainOrgId,
        email: `${tag}-${i}@publish.test`,
        first_name: `P${i}`,
        last_name: tag,
        account_id: null,
        designation: null,
        phone_number: null,
        industry: null,
        personality_type: null,
        personality: 'Steady',
        buyer_stage: 'Awareness',
        engagement_score: 0,
        linkedin_url: null,
        twitter_url: null,
        status,
      })),
    )
    .returning('id')
    .execute();
  await t.database.db
    .insertInto('list_contacts')
    .values(contacts.map((row) => ({ list_id: listId, contact_id: row.id })))
    .execute();
  return contacts.map((row) => row.id);
}

/** A colleague of the demo user on the basic plan (sending is not part of it), signed in. */
export async function basicPlanColleague(t: TestApp): Promise<Session> {
  const colleagueId = await createColleague(t.database);
  await t.database.db
    .updateTable('users')
    .set({ plan_type: 'basic' })
    .where('id', '=', colleagueId)
    .execute();
  return signInColleague(t.app);
}

/** The publish step's calls of one test app, for one session. */
export function publishKit(t: TestApp) {
  /** A campaign with one ad hoc email; answers its Draft Edition's id. */
  async function newEdition(session: Session, name: string): Promise<number> {
    const campaign = ok<{ campaign_id: number }>(
      await post(t.app, session, `${C}create_campaign/`, { campaign_name: name }),
    );
    const email = ok<{ editions: { version_id: number }[] }>(
      await post(t.app, session, `${C}create_email/`, {
        email_name: `${name} email`,
        campaign_id: campaign.campaign_id,
        email_type: 1,
      }),
    );
    return email.editions[0]?.version_id as number;
  }

  /** A new edition with a saved design (by default one the preflight passes). */
  async function designed(session: Session, name: string, design: EmailDesign = everyKindDesign()) {
    const versionId = await newEdition(session, name);
    const saved = await post(t.app, session, `${P}design/save/`, {
      version_id: versionId,
      version_name: 'Draft Edition',
      design: JSON.stringify(design),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return versionId;
  }

  /** A list of the demo organisation with `count` subscribed contacts; answers its id. */
  async function listOf(tag: string, count: number): Promise<number> {
    const list = await t.database.db
      .insertInto('contact_lists')
      .values({ org_id: DEMO_IDS.mainOrgId, user_id: DEMO_IDS.demoUserId, name: tag, is_active: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addToList(t, list.id, tag, count);
    return list.id;
  }

  const settings = (session: Session, versionId: number, fields: Record<string, string | number>) =>
    post(t.app, session, `${P}publish_configurations/`, { version_id: versionId, ...fields });
  const preflight = async (session: Session, versionId: number) =>
    ok<{ errors: { code: string; message: string }[]; warnings: { code: string }[] }>(
      await get(t.app, session, `${P}preflight/`, { version_id: versionId }),
    );
  const publishData = async (session: Session, versionId: number) =>
    ok<Record<string, unknown> & { send: Record<string, unknown> | null }>(
      await get(t.app, session, `${P}publish_email/`, { version_id: versionId }),
    );

  return { newEdition, designed, listOf, settings, preflight, publishData };
}
