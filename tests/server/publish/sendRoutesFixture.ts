import { afterAll, beforeAll, expect } from 'vitest';
import type { EmailDesign } from '../../../domain/emailDesign.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { post } from '../workflowTestKit.ts';
import { everyKindDesign } from './designFixtures.ts';
import { addToList, basicPlanColleague, P, publishKit } from './publishTestKit.ts';

/** The send list's contacts by what they are: subscribed, unsubscribed, bounced, no consent. */
export type SendPeople = Record<'ok' | 'unsubscribed' | 'bounced' | 'noConsent', number[]>;

export type SendRoutesFixture = {
  t: TestApp;
  demo: Session;
  other: Session;
  /** A colleague of the demo user on the basic plan (sending is not part of it). */
  colleague: Session;
  /** The send list: 7 subscribed, 2 unsubscribed, 1 bounced and 2 without marketing consent. */
  listId: number;
  people: SendPeople;
};

/** A design the preflight passes: every kind of block, all links set, alt texts, footer with both. */
export function goodDesign(): EmailDesign {
  return everyKindDesign();
}

/**
 * For a test file of the send routes: before its tests, a test app with the demo user's, another
 * organisation's and a basic-plan colleague's sessions and the send list, handed to `ready`; after them,
 * the app closed. Answers the tests' calls on that app.
 */
export function sendRoutesFixture(ready: (fixture: SendRoutesFixture) => void) {
  let fixture: SendRoutesFixture | undefined;
  let app: TestApp | undefined;
  const current = () => fixture as SendRoutesFixture;

  /** A campaign with one ad hoc email; answers its Draft Edition's id. */
  const newEdition = (session: Session, name: string) => publishKit(current().t).newEdition(session, name);

  async function designed(name: string, design: EmailDesign = goodDesign()): Promise<number> {
    const { t, demo } = current();
    const versionId = await newEdition(demo, name);
    const saved = await post(t.app, demo, `${P}design/save/`, {
      version_id: versionId,
      version_name: `${name} edition`,
      design: JSON.stringify(design),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return versionId;
  }

  const addContacts = (count: number, tag: string, status?: 'Subscribed' | 'Unsubscribed' | 'Hard Bounce') =>
    addToList(current().t, current().listId, tag, count, status);

  /** Waits until a send has walked its whole audience (without pg-boss the app walks it in place). */
  async function finished(sendId: number): Promise<void> {
    await expect
      .poll(
        async () =>
          (
            await current()
              .t.database.db.selectFrom('edition_sends')
              .select('status')
              .where('id', '=', sendId)
              .executeTakeFirstOrThrow()
          ).status,
        { timeout: 10_000 },
      )
      .toBe('sent');
  }

  const sendsOf = (versionId: number) =>
    current()
      .t.database.db.selectFrom('email_send')
      .select(['contact_id', 'dedupe_key', 'subject', 'from_address'])
      .where('version_id', '=', versionId)
      .where('is_test', '=', false)
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, contact_id: row.contact_id as number })));

  beforeAll(async () => {
    app = await createTestApp();
    const t = app;
    const demo = await signIn(t.app);
    const other = await signIn(t.app, OTHER_ORG_LOGIN);
    const colleague = await basicPlanColleague(t);
    const list = await t.database.db
      .insertInto('contact_lists')
      .values({
        org_id: DEMO_IDS.mainOrgId,
        user_id: DEMO_IDS.demoUserId,
        name: 'Send test list',
        is_active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    fixture = {
      t,
      demo,
      other,
      colleague,
      listId: list.id,
      people: { ok: [], unsubscribed: [], bounced: [], noConsent: [] },
    };
    const { people } = fixture;
    people.ok = await addContacts(7, 'ok');
    people.unsubscribed = await addContacts(2, 'unsub', 'Unsubscribed');
    people.bounced = await addContacts(1, 'bounce', 'Hard Bounce');
    people.noConsent = await addContacts(2, 'noconsent');
    await t.database.db
      .insertInto('preferences')
      .values(
        people.noConsent.map((contact_id, i) => ({
          uuid: crypto.randomUUID(),
          org_id: DEMO_IDS.mainOrgId,
          contact_id,
          email: `noconsent-${i}@send.test`,
          marketing: false,
          webinars: true,
          unsub_all: false,
        })),
      )
      .execute();
    ready(fixture);
  });
  afterAll(async () => {
    await app?.close();
  });

  return { newEdition, designed, addContacts, finished, sendsOf };
}
