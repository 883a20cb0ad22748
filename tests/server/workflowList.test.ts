import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_TEXTS, type WorkflowSummary } from '../../domain/workflowTypes.ts';
import { OTHER_ORG_LOGIN } from '../../server/seed/demoAccounts.ts';
import { DEMO_SHARE_PROFILES } from '../../server/seed/demoWorkflows.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../helpers/testApp.ts';
import { COLLEAGUE_LOGIN, createColleague, get, post, sendThenEnd, W } from './workflowTestKit.ts';

let t: TestApp;
let demo: Session;
let other: Session;

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
});
afterAll(async () => {
  await t?.close();
});

type Listing = {
  success: boolean;
  data: WorkflowSummary[];
  total_count: number;
  total_active_count: number;
};

async function list(
  query: Record<string, string | number | undefined> = {},
  session = demo,
): Promise<Listing> {
  const response = await get(t.app, session, `${W}get_user_workflows/`, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('get_user_workflows/', () => {
  it("lists the demo user's seeded workflows newest first with both counts", async () => {
    const page = await list();
    expect(page.success).toBe(true);
    expect(page.total_count).toBe(15);
    expect(page.total_active_count).toBe(6);
    expect(page.data.map((w) => w.id)).toEqual([17, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    // The newcomer's draft (README "Try the sending loop"), then the others.
    expect(page.data[0]).toMatchObject({
      name: 'Welcome journey (try me)',
      status: 'draft',
      trigger_id: 7,
      trigger_name: 'Email open',
      email_id: 27,
      email_name: 'Welcome to Northwind',
      node_count: 6,
    });
    expect(page.data[1]).toMatchObject({
      name: 'Shared AI outreach',
      status: 'draft',
      trigger_id: 7,
      trigger_name: 'Email open',
      email_id: 20,
      email_name: 'AI outreach: decision makers',
      node_count: 2,
    });
    // A share-profile trigger names its share profile (not only its uuid).
    const shareProfileRow = page.data.find((w) => w.id === 13);
    expect(shareProfileRow).toMatchObject({ trigger_id: 10, sp_name: DEMO_SHARE_PROFILES[1].name });
    expect(shareProfileRow?.sp_uuid).toBe(DEMO_SHARE_PROFILES[1].uuid);
    expect(new Set(page.data.map((w) => w.status))).toEqual(new Set(['draft', 'active', 'inactive']));
    expect(new Set(page.data.map((w) => w.trigger_id))).toEqual(new Set([7, 8, 9, 10, 11, 14]));
  });

  it('pages, filters and searches (trimmed, case-insensitive, literal)', async () => {
    const second = await list({ offset: 5, limit: 5 });
    expect(second.data.map((w) => w.id)).toEqual([10, 9, 8, 7, 6]);
    expect(second.total_count).toBe(15);
    const active = await list({ filter_type: 'active' });
    expect(active.data.every((w) => w.status === 'active')).toBe(true);
    expect(active.total_count).toBe(6);
    const inactive = await list({ filter_type: 'inactive' });
    expect(inactive.data.map((w) => w.id)).toEqual([12, 8, 4]);
    const search = await list({ workflow_name: '  ONBOARD ' });
    expect(search.data.map((w) => w.name)).toEqual(['Onboarding journey']);
    expect(search).toMatchObject({ total_count: 1, total_active_count: 6 });
    expect((await list({ workflow_name: '   ' })).total_count).toBe(15);
    expect((await list({ workflow_name: '%' })).total_count).toBe(0);
    expect((await list({ workflow_name: 'e', filter_type: 'inactive' })).data.map((w) => w.id)).toEqual([
      12, 8, 4,
    ]);
  });

  it('keeps each user to their own workflows', async () => {
    const page = await list({}, other);
    expect(page.data.map((w) => w.name)).toEqual(['Studio welcome']);
    expect(page).toMatchObject({ total_count: 1, total_active_count: 1 });
  });

  it('refuses bad paging and filters with 400', async () => {
    for (const query of [
      { limit: 0 },
      { limit: 101 },
      { offset: -1 },
      { filter_type: 'paused' },
      { limit: 'x' },
    ]) {
      const response = await get(t.app, demo, `${W}get_user_workflows/`, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });
});

describe('clone_workflow/', () => {
  it('copies a workflow as a draft inserted first, and the total rises', async () => {
    const before = await list();
    const response = await post(t.app, demo, `${W}clone_workflow/`, { workflow_id: 1 });
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: WORKFLOW_TEXTS.clonedTitle,
      data: { name: 'Onboarding journey (copy)', status: 'draft', trigger_id: 14, list_id: 1 },
    });
    const after = await list();
    expect(after.total_count).toBe(before.total_count + 1);
    expect(after.data[0]?.id).toBe(body.data.id);
    const source = (await get(t.app, demo, `${W}get_workflow_details/`, { workflow_id: 1 })).json().data;
    const copy = (await get(t.app, demo, `${W}get_workflow_details/`, { workflow_id: body.data.id })).json()
      .data;
    expect(copy.flow).toEqual(source.flow);
    expect(copy.version).toBe(1);
  });

  it("is refused when the user lacks permission on an email in it (another user's email)", async () => {
    const before = await list();
    const refused = (await post(t.app, demo, `${W}clone_workflow/`, { workflow_id: 14 })).json();
    expect(refused).toEqual({ success: false, message: WORKFLOW_TEXTS.cloneBlocked });
    expect(refused.message).toBe(
      'Cannot clone: Obtain permissions for all emails in the workflow before cloning',
    );
    expect((await list()).total_count).toBe(before.total_count);
  });

  it('lets an internal colleague clone what an ordinary colleague may not', async () => {
    const colleagueId = await createColleague(t.database);
    const colleague = await signIn(t.app, COLLEAGUE_LOGIN);
    // The colleague uses the demo user's email 1 (allowed: same organisation) in a workflow of their own.
    const created = (
      await post(t.app, colleague, `${W}create_workflow/`, { trigger_id: 14, list_id: 2 })
    ).json();
    const saved = await post(t.app, colleague, `${W}update_workflow/`, {
      workflow_id: created.workflow_id,
      workflow: JSON.stringify(sendThenEnd(1)),
    });
    expect(saved.json().success).toBe(true);
    const refused = (
      await post(t.app, colleague, `${W}clone_workflow/`, { workflow_id: created.workflow_id })
    ).json();
    expect(refused).toEqual({ success: false, message: WORKFLOW_TEXTS.cloneBlocked });

    await t.database.db
      .updateTable('users')
      .set({ internal_level: 1 })
      .where('id', '=', colleagueId)
      .execute();
    // The session cache keeps a user for a few seconds: a new sign-in reads the new level.
    const internal = await signIn(t.app, COLLEAGUE_LOGIN);
    const cloned = (
      await post(t.app, internal, `${W}clone_workflow/`, { workflow_id: created.workflow_id })
    ).json();
    expect(cloned).toMatchObject({ success: true, data: { name: 'New Workflow (copy)' } });
  });
});

describe('delete_workflow/', () => {
  async function seedMany(session: Session, names: string[]) {
    const ids: number[] = [];
    for (const name of names) {
      const body = (
        await post(t.app, session, `${W}create_workflow/`, {
          trigger_id: 14,
          list_id: 1,
          workflow_name: name,
        })
      ).json();
      ids.push(body.workflow_id);
    }
    return ids;
  }

  it('deletes listed ids (comma-separated or JSON), only the user own ones', async () => {
    const [a, b, c] = await seedMany(demo, ['Del A', 'Del B', 'Del C']);
    const before = await list();
    const first = (
      await post(t.app, demo, `${W}delete_workflow/`, { select_all: '0', workflow_ids: `${a},16` })
    ).json();
    expect(first).toMatchObject({ success: true, deleted_count: 1, total_count: before.total_count - 1 });
    const second = (
      await post(t.app, demo, `${W}delete_workflow/`, {
        select_all: 'false',
        workflow_ids: JSON.stringify([b, c]),
      })
    ).json();
    expect(second).toMatchObject({ success: true, deleted_count: 2, total_count: before.total_count - 3 });
    expect((await list({}, other)).total_count).toBe(1);
  });

  it('select-all deletes every match of the search and filter except the excluded ones', async () => {
    const ids = await seedMany(demo, ['Sweep one', 'Sweep two', 'Sweep three', 'Keep sweeping']);
    // One of them published, so a filter of drafts-only can be told apart: make "Sweep two" active.
    const two = ids[1] as number;
    await post(t.app, demo, `${W}update_workflow/`, {
      workflow_id: two,
      workflow: JSON.stringify(sendThenEnd(1)),
      status: 'active',
    });
    const totalBefore = (await list()).total_count;
    const activeBefore = (await list()).total_active_count;

    // Active ones matching "sweep": only "Sweep two"; excluding it deletes nothing.
    const none = (
      await post(t.app, demo, `${W}delete_workflow/`, {
        select_all: '1',
        search_term: 'SWEEP',
        filter_type: 'active',
        excluded_workflow_ids: String(two),
      })
    ).json();
    expect(none).toMatchObject({ deleted_count: 0, total_count: 1 });

    const keep = ids[0] as number;
    const swept = (
      await post(t.app, demo, `${W}delete_workflow/`, {
        select_all: 'true',
        search_term: ' sweep ',
        filter_type: 'all',
        excluded_workflow_ids: `[${keep}]`,
      })
    ).json();
    expect(swept).toMatchObject({
      success: true,
      deleted_count: 3,
      total_count: 1,
      total_active_count: activeBefore - 1,
    });
    const remaining = await list({ workflow_name: 'sweep' });
    expect(remaining.data.map((w) => w.id)).toEqual([keep]);
    expect((await list()).total_count).toBe(totalBefore - 3);
    expect((await list({}, other)).total_count).toBe(1);
  });

  it('refuses a delete with nothing selected or malformed ids (400)', async () => {
    const before = (await list()).total_count;
    for (const fields of [
      {},
      { select_all: '0' },
      { workflow_ids: '1,x' },
      { select_all: 'maybe', workflow_ids: '1' },
      { workflow_ids: '[1,' },
    ]) {
      const response = await post(t.app, demo, `${W}delete_workflow/`, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().success).toBe(false);
    }
    expect((await list()).total_count).toBe(before);
  });
});
