import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AudienceListDetails,
  AudienceListSummary,
  AudienceListsPage,
} from '../../../domain/audienceLists.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';

const B = '/api/audience/';
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

async function listing(
  query: Record<string, string | number> = {},
  session = demo,
): Promise<AudienceListsPage> {
  const response = await get(t.app, session, `${B}lists_listing/`, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function allLists(session = demo): Promise<AudienceListSummary[]> {
  return (await listing({ limit: 100 }, session)).data;
}

async function create(name: string, session = demo) {
  return post(t.app, session, `${B}create_list/`, { list_name: name });
}

async function memberCount(listId: number): Promise<number> {
  const row = await t.database.db
    .selectFrom('list_contacts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('list_id', '=', listId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('lists_listing/', () => {
  it("pages the organisation's lists newest first, 8 by default, with totals and names", async () => {
    const first = await listing();
    expect(first.total_count).toBe(11);
    expect(first.data).toHaveLength(8);
    expect(first.data[0]).toMatchObject({ list_name: 'Conference Follow-ups', created_by: 'Ada Admin' });
    const dates = first.data.map((l) => l.list_name);
    expect(dates.slice(0, 2)).toEqual(['Conference Follow-ups', 'Q4 Newsletter']);
    const rest = await listing({ offset: 8 });
    expect(rest.data).toHaveLength(3);
    expect([...first.data, ...rest.data].map((l) => l.list_id)).not.toContain(7); // Harbor Lane's list
    const newsletter = (await allLists()).find((l) => l.list_name === 'Newsletter Readers');
    // Nothing was ever sent to a demo list, so none is "used" yet.
    expect(newsletter).toMatchObject({
      totalContacts: 24,
      totalSent: 0,
      last_used_by: null,
      is_active: true,
    });
  });

  it("does not count the members' email that was not sent to the list (tests/server/publish: what was)", async () => {
    const [list] = (await listing({ search_word: 'Q4 Newsletter' })).data;
    if (!list) throw new Error('no Q4 Newsletter');
    const members = await t.database.db
      .selectFrom('list_contacts')
      .select('contact_id')
      .where('list_id', '=', list.list_id)
      .orderBy('contact_id')
      .limit(2)
      .execute();
    const before = list;
    await t.database.db
      .insertInto('email_event')
      .values([
        { org_id: DEMO_IDS.mainOrgId, kind: 'sent', contact_id: members[0]!.contact_id },
        { org_id: DEMO_IDS.mainOrgId, kind: 'sent', contact_id: members[1]!.contact_id },
        { org_id: DEMO_IDS.mainOrgId, kind: 'clicked', contact_id: members[1]!.contact_id },
      ])
      .execute();
    const [after] = (await listing({ search_word: 'Q4 Newsletter' })).data;
    expect(after?.totalSent).toBe(before.totalSent);
    expect(after?.totalClicks).toBe(before.totalClicks);
  });

  it('searches by name (like characters taken literally) and refuses bad paging', async () => {
    expect((await listing({ search_word: 'webinar' })).data.map((l) => l.list_name)).toEqual([
      'Webinar Attendees Q3',
    ]);
    expect((await listing({ search_word: '%' })).total_count).toBe(0);
    for (const query of [{ limit: 0 }, { limit: 101 }, { offset: -1 }, { offset: 'x' }]) {
      const response = await get(t.app, demo, `${B}lists_listing/`, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${B}lists_listing/` });
    expect(response.statusCode).toBe(403);
  });
});

describe('create_list/ and rename_list/', () => {
  it('creates an empty list at the top of the listing', async () => {
    const response = await create('  Fresh   Leads ');
    expect(response.statusCode, response.body).toBe(200);
    const data: AudienceListSummary = response.json().data;
    expect(data).toMatchObject({ list_name: 'Fresh Leads', totalContacts: 0, created_by: 'Dana Demo' });
    expect((await listing()).data[0]?.list_id).toBe(data.list_id);
  });

  it("answers 'List with that name already exists' for a name in any case, and only in the same organisation", async () => {
    const response = await create('enterprise PROSPECTS');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'List with that name already exists' });
    const elsewhere = await create('Enterprise Prospects', other);
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('refuses a missing, blank or too long name with a message', async () => {
    for (const fields of [{}, { list_name: '   ' }, { list_name: 'x'.repeat(121) }]) {
      const response = await post(t.app, demo, `${B}create_list/`, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().message).toMatch(/list_name is required|Give the list a name|at most 120/);
    }
  });

  it('renames, keeping its own name in another case, refusing a name another list has', async () => {
    const id = (await create('Rename Me')).json().data.list_id as number;
    const same = await post(t.app, demo, `${B}rename_list/`, { list_id: id, list_name: 'RENAME me' });
    expect(same.json()).toMatchObject({ success: true, data: { list_name: 'RENAME me' } });
    const taken = await post(t.app, demo, `${B}rename_list/`, {
      list_id: id,
      list_name: 'Product Champions',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('List with that name already exists');
    const bad = await post(t.app, demo, `${B}rename_list/`, { list_id: 'abc', list_name: 'x' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('clone_list/', () => {
  it('copies the members and places the copy right after the original, also for a second copy', async () => {
    const lists = await allLists();
    const original = lists.find((l) => l.list_name === 'Product Champions');
    if (!original) throw new Error('no Product Champions');
    const first = await post(t.app, demo, `${B}clone_list/`, { list_id: original.list_id });
    expect(first.statusCode, first.body).toBe(200);
    const copy: AudienceListSummary = first.json().data;
    expect(copy).toMatchObject({
      list_name: 'Copy of Product Champions',
      totalContacts: original.totalContacts,
    });
    expect(await memberCount(copy.list_id)).toBe(await memberCount(original.list_id));
    const second: AudienceListSummary = (
      await post(t.app, demo, `${B}clone_list/`, { list_id: original.list_id })
    ).json().data;
    expect(second.list_name).toBe('Copy of Product Champions (2)');
    const after = (await allLists()).map((l) => l.list_id);
    const at = after.indexOf(original.list_id);
    expect(after.slice(at, at + 3)).toEqual([original.list_id, second.list_id, copy.list_id]);
    // Every other list keeps its order.
    const others = lists.map((l) => l.list_id);
    expect(after.filter((id) => id !== second.list_id && id !== copy.list_id)).toEqual(others);
  });

  it('clones the last list to the end', async () => {
    const lists = await allLists();
    const last = lists[lists.length - 1]!;
    const copy = (await post(t.app, demo, `${B}clone_list/`, { list_id: last.list_id })).json().data;
    const after = await allLists();
    expect(after[after.length - 1]?.list_id).toBe(copy.list_id);
  });
});

describe('delete_list/', () => {
  it('deletes a list and its memberships, keeping the contacts', async () => {
    const id = (await post(t.app, demo, `${B}clone_list/`, { list_id: 1 })).json().data.list_id as number;
    const contacts = await t.database.db.selectFrom('contacts').select('id').execute();
    const response = await post(t.app, demo, `${B}delete_list/`, { list_id: id });
    expect(response.json()).toEqual({ success: true, list_id: id });
    expect(await memberCount(id)).toBe(0);
    expect(await t.database.db.selectFrom('contacts').select('id').execute()).toHaveLength(contacts.length);
    expect((await allLists()).map((l) => l.list_id)).not.toContain(id);
  });

  it('refuses a list a workflow uses as its trigger or in an add-to-list step, naming the workflow', async () => {
    const trigger = await t.database.db
      .selectFrom('workflow')
      .select(['list_id', 'name'])
      .where('org_id', '=', DEMO_IDS.mainOrgId)
      .where('list_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const response = await post(t.app, demo, `${B}delete_list/`, { list_id: trigger.list_id ?? 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(`"${trigger.name}"`);

    const id = (await create('Step Target')).json().data.list_id as number;
    const flow = {
      '0': {
        nodeId: '0',
        kind: 'ACTION',
        type: 'add to list',
        parentId: null,
        direction: null,
        childNodes: [],
        detail: { controlName: 'add to list', list: { id, name: 'Step Target' } },
      },
    };
    await t.database.db
      .insertInto('workflow')
      .values({
        org_id: DEMO_IDS.mainOrgId,
        user_id: DEMO_IDS.demoUserId,
        name: 'Uses the step target',
        trigger_id: 7,
        flow: JSON.stringify(flow),
      })
      .execute();
    const refused = await post(t.app, demo, `${B}delete_list/`, { list_id: id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'This list is used by the workflow "Uses the step target": change it to another list first.',
    );
  });
});

describe('list_details/', () => {
  it('pages profiled contacts 10 at a time and non-profiled ones separately', async () => {
    const [list] = (await listing({ search_word: 'Q4 Newsletter' })).data;
    if (!list) throw new Error('no list');
    const members = await t.database.db
      .selectFrom('list_contacts')
      .select('contact_id')
      .where('list_id', '=', list.list_id)
      .orderBy('contact_id')
      .limit(3)
      .execute();
    await t.database.db
      .updateTable('contacts')
      .set({ personality_type: null })
      .where(
        'id',
        'in',
        members.map((m) => m.contact_id),
      )
      .execute();
    const response = await get(t.app, demo, `${B}list_details/`, { list_id: list.list_id });
    expect(response.statusCode, response.body).toBe(200);
    const details: AudienceListDetails = response.json();
    expect(details.list.list_id).toBe(list.list_id);
    expect(details.profiled.data).toHaveLength(10);
    const unprofiled = await t.database.db
      .selectFrom('list_contacts as lc')
      .innerJoin('contacts as c', 'c.id', 'lc.contact_id')
      .where('lc.list_id', '=', list.list_id)
      .where('c.personality_type', 'is', null)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const none = Number(unprofiled.n);
    expect(none).toBeGreaterThanOrEqual(3);
    expect(details.profiled.total_count).toBe(list.totalContacts - none);
    expect(details.unprofiled.total_count).toBe(none);
    expect(details.unprofiled.data.every((c) => c.personality_type === null)).toBe(true);
    const next: AudienceListDetails = (
      await get(t.app, demo, `${B}list_details/`, { list_id: list.list_id, kind: 'profiled', offset: 10 })
    ).json();
    expect(next.profiled.data).toHaveLength(10);
    expect(next.profiled.data[0]?.contact_id).not.toBe(details.profiled.data[0]?.contact_id);
    const bad = await get(t.app, demo, `${B}list_details/`, { list_id: list.list_id, kind: 'all' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('describes every list and import call with its parameters', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, { summary?: string }>>;
    for (const [path, method] of [
      ['lists_listing/', 'get'],
      ['create_list/', 'post'],
      ['rename_list/', 'post'],
      ['clone_list/', 'post'],
      ['delete_list/', 'post'],
      ['list_details/', 'get'],
      ['import_create/', 'post'],
      ['import_chunk/', 'post'],
      ['import_start/', 'post'],
      ['import_status/', 'get'],
      ['import_refusals_csv/', 'get'],
    ] as const) {
      expect(paths[`${B}${path}`]?.[method]?.summary, path).toBeTruthy();
    }
  });
});

describe('organisation isolation', () => {
  it("answers 404 for another organisation's list on every call and changes nothing", async () => {
    const theirs = (await allLists(other))[0]!;
    const calls = [
      () => get(t.app, demo, `${B}list_details/`, { list_id: theirs.list_id }),
      () => post(t.app, demo, `${B}rename_list/`, { list_id: theirs.list_id, list_name: 'Mine now' }),
      () => post(t.app, demo, `${B}clone_list/`, { list_id: theirs.list_id }),
      () => post(t.app, demo, `${B}delete_list/`, { list_id: theirs.list_id }),
      () => post(t.app, demo, `${B}delete_list/`, { list_id: 999_999 }),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'That list does not exist.' });
    }
    expect((await allLists(other)).find((l) => l.list_id === theirs.list_id)).toEqual(theirs);
  });
});
