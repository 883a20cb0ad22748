import { describe, expect, it } from 'vitest';
import type { PersonRow } from '../../../domain/audiencePeople.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import type { Session, TestApp } from '../../helpers/testApp.ts';
import { post } from '../workflowTestKit.ts';
import { P, peopleFixture } from './peopleFixture.ts';

let t: TestApp;
let demo: Session;
let other: Session;
const { listing, makeGroup } = peopleFixture((fixture) => ({ t, demo, other } = fixture));

describe('actions on a selection', () => {
  it('select-all with exclusions applies to the whole filtered set, not a page', async () => {
    const { tag, people } = await makeGroup();
    const [adams, baker, clark, davis] = people as [PersonRow, PersonRow, PersonRow, PersonRow, PersonRow];
    const scope = { search_word: tag, filters: JSON.stringify({ buyerStage: ['Interest'] }) };
    const stage = await post(t.app, demo, `${P}update_buyer_stage/`, {
      ...scope,
      select_all: 1,
      excluded_ids: String(baker.contact_id),
      buyer_stage: 'Purchase',
    });
    expect(stage.json()).toEqual({ success: true, buyer_stage: 'Purchase', updated_count: 3 });
    const after = await listing({ search_word: tag, sort_by: 'full_name', sort_type: 'ASC' });
    expect(after.data.map((p) => p.buyer_stage)).toEqual([
      'Purchase',
      'Interest',
      'Awareness',
      'Purchase',
      'Purchase',
    ]);

    const deleted = await post(t.app, demo, `${P}delete_contacts/`, {
      search_word: tag,
      tab: 'unprofiled',
      select_all: 'true',
      excluded_ids: JSON.stringify([davis.contact_id]),
    });
    expect(deleted.json()).toEqual({ success: true, deleted_count: 2 });
    const left = await listing({ search_word: tag, sort_by: 'full_name', sort_type: 'ASC' });
    expect(left.data.map((p) => p.contact_id)).toEqual([
      adams.contact_id,
      baker.contact_id,
      davis.contact_id,
    ]);
    expect(clark.contact_id).toBeGreaterThan(0);
  });

  it('by ids: only the organisation’s own contacts; no selection is a 400', async () => {
    const { tag, people } = await makeGroup();
    const ids = people.map((p) => p.contact_id).join(',');
    const foreign = await post(t.app, other, `${P}delete_contacts/`, { contact_ids: ids });
    expect(foreign.json()).toEqual({ success: true, deleted_count: 0 });
    expect((await listing({ search_word: tag })).data.length).toBe(5);
    const empty = await post(t.app, demo, `${P}delete_contacts/`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('contact_ids');
    const badIds = await post(t.app, demo, `${P}delete_contacts/`, { contact_ids: '1,x' });
    expect(badIds.statusCode).toBe(400);
    const badStage = await post(t.app, demo, `${P}update_buyer_stage/`, {
      contact_ids: ids,
      buyer_stage: 'Sold',
    });
    expect(badStage.statusCode).toBe(400);
    expect(badStage.json().message).toContain('buyer_stage must be one of');
    const byIds = await post(t.app, demo, `${P}delete_contacts/`, { contact_ids: ids });
    expect(byIds.json().deleted_count).toBe(5);
  });

  it('adds a select-all with exclusions to a list and removes from it; statuses stay; foreign list 404', async () => {
    const { tag, people } = await makeGroup();
    const [adams, baker] = people as [PersonRow, PersonRow];
    await t.database.db
      .updateTable('contacts')
      .set({ status: 'Unsubscribed' })
      .where('id', '=', adams.contact_id)
      .execute();
    await t.database.db
      .updateTable('contacts')
      .set({ status: 'Hard Bounce' })
      .where('id', '=', baker.contact_id)
      .execute();
    const list = await t.database.db
      .insertInto('contact_lists')
      .values({
        org_id: DEMO_IDS.mainOrgId,
        user_id: DEMO_IDS.demoUserId,
        name: `${tag} list`,
        is_active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const excluded = people[4]?.contact_id ?? 0;
    const added = await post(t.app, demo, `${P}add_to_list/`, {
      search_word: tag,
      select_all: 1,
      excluded_ids: String(excluded),
      list_id: list.id,
    });
    expect(added.json()).toEqual({ success: true, list_id: list.id, added_count: 4 });
    const again = await post(t.app, demo, `${P}add_to_list/`, {
      contact_ids: String(adams.contact_id),
      list_id: list.id,
    });
    expect(again.json().added_count).toBe(0);
    const members = await t.database.db
      .selectFrom('list_contacts')
      .select('contact_id')
      .where('list_id', '=', list.id)
      .execute();
    expect(members.map((m) => m.contact_id).sort()).toEqual(
      people
        .filter((p) => p.contact_id !== excluded)
        .map((p) => p.contact_id)
        .sort(),
    );
    const statuses = await listing({ search_word: tag, sort_by: 'full_name', sort_type: 'ASC' });
    expect(statuses.data.slice(0, 2).map((p) => p.status)).toEqual(['Unsubscribed', 'Hard Bounce']);

    const removed = await post(t.app, demo, `${P}remove_from_list/`, {
      contact_ids: String(adams.contact_id),
      list_id: list.id,
    });
    expect(removed.json()).toEqual({ success: true, list_id: list.id, removed_count: 1 });
    const foreignList = await post(t.app, other, `${P}add_to_list/`, { contact_ids: '1', list_id: list.id });
    expect(foreignList.statusCode).toBe(404);
    expect(foreignList.json()).toEqual({ success: false, message: 'List not found.' });
    const noList = await post(t.app, demo, `${P}add_to_list/`, { contact_ids: '1' });
    expect(noList.statusCode).toBe(400);
  });

  it('enrols contacts added to a list in its active "subscribes to a list" workflow', async () => {
    const { tag, people } = await makeGroup();
    const list = await t.database.db
      .insertInto('contact_lists')
      .values({
        org_id: DEMO_IDS.mainOrgId,
        user_id: DEMO_IDS.demoUserId,
        name: `${tag} trigger`,
        is_active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const workflow = await t.database.db
      .selectFrom('workflow')
      .selectAll()
      .where('org_id', '=', DEMO_IDS.mainOrgId)
      .where('status', '=', 'active')
      .where('trigger_id', '=', 14)
      .executeTakeFirst();
    if (!workflow) throw new Error('the demo has an active list workflow');
    await t.database.db
      .updateTable('workflow')
      .set({ list_id: list.id })
      .where('id', '=', workflow.id)
      .execute();
    await post(t.app, demo, `${P}add_to_list/`, { search_word: tag, select_all: 1, list_id: list.id });
    const enrolled = await t.database.db
      .selectFrom('workflow_enrolment')
      .select('contact_id')
      .where('workflow_id', '=', workflow.id)
      .where(
        'contact_id',
        'in',
        people.map((p) => p.contact_id),
      )
      .execute();
    expect(enrolled).toHaveLength(5);
    await t.database.db
      .updateTable('workflow')
      .set({ list_id: workflow.list_id })
      .where('id', '=', workflow.id)
      .execute();
  });
});
