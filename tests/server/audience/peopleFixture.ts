import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { PersonRow } from '../../../domain/audiencePeople.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';

export const P = '/api/audience/';

export type PeopleFixture = { t: TestApp; demo: Session; other: Session };

/** A first name no seeded contact has, so a search finds only this test's people. */
export const tagName = () => `Zq${randomBytes(4).toString('hex')}`;

/**
 * For a test file of the people routes: before its tests, a test app with the demo user's and another
 * organisation's sessions, handed to `ready`; after them, the app closed. Answers the calls the tests make
 * on that app (the demo user's unless given another session).
 */
export function peopleFixture(ready: (fixture: PeopleFixture) => void) {
  let fixture: PeopleFixture | undefined;
  let app: TestApp | undefined;
  const current = () => fixture as PeopleFixture;
  beforeAll(async () => {
    app = await createTestApp();
    fixture = { t: app, demo: await signIn(app.app), other: await signIn(app.app, OTHER_ORG_LOGIN) };
    ready(fixture);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function create(fields: Record<string, string>, session = current().demo): Promise<PersonRow> {
    const response = await post(current().t.app, session, `${P}create_contact/`, fields);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  async function listing(query: Record<string, string | number>, session = current().demo) {
    const response = await get(current().t.app, session, `${P}people_listing/`, query);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as { total_count: number | null; has_more: boolean; data: PersonRow[] };
    // A searched, filtered or account scope leaves its total to people_tab_counts/ (one count per scope).
    const scoped =
      query.search_word !== undefined || query.filters !== undefined || query.account_id !== undefined;
    if (scoped) expect(page.total_count).toBeNull();
    return page;
  }

  /** Five people of one tag: two profiled (Dominant, Steady), three unprofiled, in two stages. */
  async function makeGroup() {
    const tag = tagName();
    const people: PersonRow[] = [];
    const specs = [
      { last: 'Adams', type: 'Dominant', stage: 'Interest' },
      { last: 'Baker', type: 'Steady', stage: 'Interest' },
      { last: 'Clark', type: '', stage: 'Awareness' },
      { last: 'Davis', type: '', stage: 'Interest' },
      { last: 'Evans', type: '', stage: 'Interest' },
    ];
    for (const spec of specs)
      people.push(
        await create({
          first_name: tag,
          last_name: spec.last,
          email: `${tag}.${spec.last}@example.test`.toLowerCase(),
          personality_type: spec.type,
          buyer_stage: spec.stage,
          organization: 'Acme Logistics',
        }),
      );
    return { tag, people };
  }

  return { create, listing, makeGroup };
}
