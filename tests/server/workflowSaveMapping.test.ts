import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_TEXTS } from '../../domain/workflowTypes.ts';
import { DEMO_IDS } from '../../server/seed/demoIds.ts';
import { workflowEmailIds } from '../../server/services/workflow/queries.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../helpers/testApp.ts';
import { post, sendThenEnd, W } from './workflowTestKit.ts';

/**
 * The builder's save: update_workflow/ carries the email mapping changes (add_emails, remove_emails) and
 * saves the workflow and its mapping in one transaction, or neither.
 */

let t: TestApp;
let demo: Session;

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Fields = Record<string, string | number | undefined>;

async function update(fields: Fields) {
  const response = await post(t.app, demo, `${W}update_workflow/`, fields);
  return { status: response.statusCode, body: response.json() };
}

/** A new draft (subscribes to list 1) whose graph is mapped to emails 1 and 2. */
async function draftMappedTo12(): Promise<number> {
  const created = (await post(t.app, demo, `${W}create_workflow/`, { trigger_id: 14, list_id: 1 })).json();
  const id: number = created.workflow_id;
  const mapped = await post(t.app, demo, `${W}email_mapping/`, { workflow_id: id, add_emails: '1,2' });
  expect(mapped.json().data.email_ids).toEqual([1, 2]);
  return id;
}

async function row(id: number) {
  return t.database.db.selectFrom('workflow').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The emails mapped to the workflow, as email_mapping/ answers them. */
const mappedEmails = (id: number) => workflowEmailIds(t.database.db, id);

async function foreignEmailId(): Promise<number> {
  const email = await t.database.db
    .selectFrom('emails')
    .select('id')
    .where('org_id', '<>', DEMO_IDS.mainOrgId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return email.id;
}

describe('update_workflow/ with the email mapping', () => {
  it('saves the flow, name and mapping changes together in one request', async () => {
    const id = await draftMappedTo12();
    const flow = sendThenEnd(4, 'Send the story');
    const { status, body } = await update({
      workflow_id: id,
      workflow: JSON.stringify(flow),
      workflow_name: 'Story flow',
      version: 1,
      add_emails: '4',
      remove_emails: '1',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, message: WORKFLOW_TEXTS.saved });
    expect(body.data).toMatchObject({ name: 'Story flow', version: 2, node_count: 2 });
    expect(body.data.flow).toEqual(flow);
    expect(await mappedEmails(id)).toEqual([2, 4]);
  });

  it('takes JSON lists too, and an id in both lists cancels out', async () => {
    const id = await draftMappedTo12();
    const response = await t.app.inject({
      method: 'POST',
      url: `${W}update_workflow/`,
      headers: { cookie: demo.cookie, 'x-csrftoken': demo.csrf, 'content-type': 'application/json' },
      payload: { workflow_id: id, workflow_name: 'Listed', add_emails: [3, 5], remove_emails: [2, 5] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('Listed');
    expect(await mappedEmails(id)).toEqual([1, 3]);
  });

  it('a save without mapping fields leaves the mapping as it is', async () => {
    const id = await draftMappedTo12();
    const { body } = await update({ workflow_id: id, workflow_name: 'Renamed only' });
    expect(body).toMatchObject({ success: true, data: { name: 'Renamed only', version: 2 } });
    expect(await mappedEmails(id)).toEqual([1, 2]);
  });

  it('refuses an added email of another organisation or an unknown one (400) and rolls the whole save back', async () => {
    const id = await draftMappedTo12();
    const before = await row(id);
    const foreign = await foreignEmailId();
    for (const [addEmails, message] of [
      [`4,${foreign}`, `add_emails: ${foreign} is not an email of your organisation.`],
      ['987654', 'add_emails: 987654 is not an email of your organisation.'],
    ] as const) {
      const { status, body } = await update({
        workflow_id: id,
        workflow: JSON.stringify(sendThenEnd(4, 'Send the story')),
        workflow_name: 'Must not be saved',
        version: 1,
        add_emails: addEmails,
        remove_emails: '1,2',
      });
      expect(status, addEmails).toBe(400);
      expect(body).toEqual({ success: false, message });
    }
    expect(await row(id)).toEqual(before);
    expect(await mappedEmails(id)).toEqual([1, 2]);
  });

  it('refuses malformed id lists with 400 and saves nothing', async () => {
    const id = await draftMappedTo12();
    const before = await row(id);
    const bad = await update({ workflow_id: id, workflow_name: 'Nope', add_emails: 'a,b' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('add_emails');
    const badRemove = await update({ workflow_id: id, workflow_name: 'Nope', remove_emails: '[1,' });
    expect(badRemove.status).toBe(400);
    expect(badRemove.body.message).toContain('remove_emails');
    expect(await row(id)).toEqual(before);
    expect(await mappedEmails(id)).toEqual([1, 2]);
  });

  it('a refused publish saves neither the flow nor the mapping', async () => {
    const id = await draftMappedTo12();
    const before = await row(id);
    const { status, body } = await update({
      workflow_id: id,
      workflow: JSON.stringify(sendThenEnd(3, 'Send the deep dive')),
      status: 'active',
      add_emails: '3',
      remove_emails: '1',
    });
    expect(status).toBe(200);
    expect(body.success).toBe(false);
    expect(body.error_publish_nodes).toHaveLength(1);
    expect(await row(id)).toEqual(before);
    expect(await mappedEmails(id)).toEqual([1, 2]);
  });
});

describe('the OpenAPI document', () => {
  it('describes add_emails and remove_emails on update_workflow/ as on email_mapping/', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/api/workflow/update_workflow/', '/api/workflow/email_mapping/']) {
      const content = document.paths[path].post.requestBody.content;
      type Described = { description?: string };
      const schema = Object.values(
        content as Record<string, { schema: { properties: Record<string, Described> } }>,
      )[0]?.schema;
      expect(schema?.properties.add_emails?.description, path).toContain('Emails to map to the workflow');
      expect(schema?.properties.remove_emails?.description, path).toContain('Emails to unmap');
    }
  });
});
