import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_TEXTS } from '../../domain/workflowTypes.ts';
import { OTHER_ORG_LOGIN } from '../../server/seed/demoAccounts.ts';
import { DEMO_SHARE_PROFILES } from '../../server/seed/demoWorkflows.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../helpers/testApp.ts';
import { get, post, sendThenEnd, W, withDelay } from './workflowTestKit.ts';

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

async function create(fields: Record<string, string | number | undefined>, session = demo) {
  const response = await post(t.app, session, `${W}create_workflow/`, fields);
  return { status: response.statusCode, body: response.json() };
}

async function details(id: number, session = demo) {
  return get(t.app, session, `${W}get_workflow_details/`, { workflow_id: id });
}

async function update(fields: Record<string, string | number | undefined>, session = demo) {
  const response = await post(t.app, session, `${W}update_workflow/`, fields);
  return { status: response.statusCode, body: response.json() };
}

async function row(id: number) {
  return t.database.db.selectFrom('workflow').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('triggers and controls', () => {
  it('lists the six triggers and the controls', async () => {
    const triggers = (await get(t.app, demo, `${W}get_workflow_triggers/`)).json();
    expect(triggers.success).toBe(true);
    expect(triggers.data.map((x: { trigger_id: number }) => x.trigger_id)).toEqual([7, 8, 9, 10, 11, 14]);
    const controls = (await get(t.app, demo, `${W}get_workflow_controls/`)).json();
    expect(controls.data.actions.map((c: { controlName: string }) => c.controlName)).toEqual([
      'send email',
      'add to list',
      'delay',
      'end',
      'If / Else',
    ]);
    expect(controls.data.conditions[0]).toEqual({ controlId: 1, controlName: 'has opened' });
  });
});

describe('create_workflow/', () => {
  it('creates a draft for every trigger kind with the default name', async () => {
    const cases = [
      { trigger_id: 7, email_id: 2 },
      { trigger_id: 8, email_id: '4' },
      { trigger_id: 9, email_id: 7, list_id: 0 },
      { trigger_id: 11, email_id: 11 },
      { trigger_id: 14, list_id: 1, email_id: '0' },
      { trigger_id: 10, sp_uuid: DEMO_SHARE_PROFILES[0].uuid },
    ];
    for (const fields of cases) {
      const { status, body } = await create(fields);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.success).toBe(true);
      expect(body.workflow_id).toBe(body.data.id);
      expect(body.data).toMatchObject({
        name: 'New Workflow',
        status: 'draft',
        trigger_id: Number(fields.trigger_id),
      });
    }
    const { body } = await create({ trigger_id: 14, list_id: 1 });
    expect(body.data).toMatchObject({
      list_id: 1,
      list_name: 'Enterprise Prospects',
      email_id: null,
      trigger_name: 'Subscribes to a list',
    });
    const named = await create({ trigger_id: 7, email_id: 2, workflow_name: '  Launch watch  ' });
    expect(named.body.data).toMatchObject({
      name: 'Launch watch',
      email_name: 'Launch announcement',
      node_count: 0,
    });
  });

  it('requires trigger_id and a subject that fits the trigger and the organisation', async () => {
    const refusals: [Record<string, string | number | undefined>, string][] = [
      [{}, 'trigger_id is required.'],
      [{ trigger_id: 12 }, 'trigger_id must be one of 7, 8, 9, 10, 11, 14.'],
      [{ trigger_id: 7 }, 'The trigger "Email open" (7) needs an email: send email_id.'],
      [{ trigger_id: 7, email_id: 0 }, 'The trigger "Email open" (7) needs an email: send email_id.'],
      [{ trigger_id: 7, email_id: 25 }, 'email_id 25 is not an email of your organisation.'],
      [{ trigger_id: 14, list_id: 7 }, 'list_id 7 is not a list of your organisation.'],
      [
        { trigger_id: 14, list_id: 1, email_id: 2 },
        'The trigger "Subscribes to a list" (14) does not start from an email.',
      ],
      [
        { trigger_id: 10, sp_uuid: DEMO_SHARE_PROFILES[3].uuid },
        `sp_uuid ${DEMO_SHARE_PROFILES[3].uuid} is not a share profile of your organisation.`,
      ],
      [{ trigger_id: 10 }, 'The trigger "Share profile" (10) needs a share profile: send sp_uuid.'],
      [{ trigger_id: 9, email_id: 'abc' }, 'email_id must be a whole number.'],
    ];
    const before = await t.database.db.selectFrom('workflow').select('id').execute();
    for (const [fields, message] of refusals) {
      const { status, body } = await create(fields);
      expect(status, JSON.stringify(fields)).toBe(400);
      expect(body).toEqual({ success: false, message });
    }
    expect(await t.database.db.selectFrom('workflow').select('id').execute()).toHaveLength(before.length);
  });
});

describe('get_workflow_details/ and ownership', () => {
  it('answers the details of a seeded workflow', async () => {
    const response = await details(1);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      id: 1,
      name: 'Onboarding journey',
      status: 'active',
      trigger_id: 14,
      list_name: 'Enterprise Prospects',
      detail: { emailId: null, emailName: null, shareProfileUuid: null },
      newlyAddedNodes: [],
      design_ready: true,
      error_nodes: [],
      error_publish_nodes: [],
    });
    expect(Object.keys(data.flow)).toHaveLength(data.node_count);
    expect(data.flow['0'].parentId).toBeNull();
    expect(typeof data.version).toBe('number');
  });

  it('shows publish problems and error nodes of seeded drafts', async () => {
    const draft = (await details(7)).json().data;
    expect(draft.error_publish_nodes).toEqual([
      {
        nodeId: '0',
        nodeTitle: 'Send feature deep dive',
        message: '"Send feature deep dive": the email "Feature deep dive" is not design-ready.',
      },
    ]);
    const flagged = (await details(13)).json().data;
    expect(flagged.error_nodes).toEqual(['0']);
    expect((await details(4)).json().data.newlyAddedNodes).toEqual(['2', '3']);
  });

  it("answers 404 for another user's or an unknown workflow and changes nothing", async () => {
    const before = await row(1);
    for (const session of [other]) {
      const read = await details(1, session);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ success: false, message: 'Workflow not found.' });
      const calls: [string, Record<string, string | number | undefined>][] = [
        ['update_workflow/', { workflow_id: 1, workflow_name: 'Hijacked' }],
        ['resume_workflow/', { workflow_id: 1, status: 'inactive' }],
        ['clone_workflow/', { workflow_id: 1 }],
        ['email_mapping/', { workflow_id: 1, add_emails: '1' }],
      ];
      for (const [path, fields] of calls) {
        const response = await post(t.app, session, `${W}${path}`, fields);
        expect(response.statusCode, path).toBe(404);
        expect(response.json().success).toBe(false);
      }
      const deleted = await post(t.app, session, `${W}delete_workflow/`, { workflow_ids: '1,2' });
      expect(deleted.json()).toMatchObject({ success: true, deleted_count: 0 });
    }
    expect(await row(1)).toEqual(before);
    expect((await details(987654)).statusCode).toBe(404);
    expect((await details(0)).statusCode).toBe(400);
  });

  it('needs a session, and the CSRF token on POST', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `${W}get_user_workflows/` });
    expect(anonymous.statusCode).toBe(403);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `${W}create_workflow/`,
      headers: { cookie: demo.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'trigger_id=14&list_id=1',
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('update_workflow/', () => {
  it('saves a draft: flow, name, version, node count, trigger email', async () => {
    const { body: created } = await create({ trigger_id: 7, email_id: 2 });
    const id = created.workflow_id;
    const flow = sendThenEnd(1, 'Send the teaser');
    const { body } = await update({
      workflow_id: id,
      workflow: JSON.stringify(flow),
      status: 'draft',
      workflow_name: 'Teaser flow',
      trigger_email_update: 4,
    });
    expect(body).toMatchObject({ success: true, message: WORKFLOW_TEXTS.saved });
    expect(body.data).toMatchObject({
      name: 'Teaser flow',
      status: 'draft',
      node_count: 2,
      version: 2,
      email_id: 4,
      email_name: 'Customer story',
    });
    expect(body.data.flow).toEqual(flow);
    const again = await update({ workflow_id: id, workflow_name: 'Teaser flow 2' });
    expect(again.body.data).toMatchObject({ name: 'Teaser flow 2', version: 3, node_count: 2 });
  });

  it('refuses a broken graph or bad JSON with 400 and saves nothing', async () => {
    const { body: created } = await create({ trigger_id: 14, list_id: 1 });
    const id = created.workflow_id;
    const before = await row(id);
    const broken = sendThenEnd(1);
    broken['0']!.childNodes = ['5'];
    const cases: [string, string][] = [
      [
        JSON.stringify(broken),
        'The workflow is not valid: "Send the email" (send email, node 0) points to a step "5" that does not exist.',
      ],
      ['{"0":', 'workflow is not valid JSON.'],
      [JSON.stringify({ '0': { nodeId: '0' } }), ''],
      [JSON.stringify([1, 2]), ''],
    ];
    for (const [workflow, message] of cases) {
      const { status, body } = await update({ workflow_id: id, workflow });
      expect(status, workflow).toBe(400);
      expect(body.success).toBe(false);
      if (message) expect(body.message).toContain(message);
      else expect(body.message.length).toBeGreaterThan(5);
    }
    expect(await update({ workflow_id: id, workflow_name: '   ' })).toMatchObject({ status: 400 });
    expect(await update({ workflow_id: id, status: 'paused' })).toMatchObject({ status: 400 });
    expect(await update({ workflow_id: id, trigger_email_update: 2 })).toMatchObject({
      status: 400,
      body: { message: 'The trigger "Subscribes to a list" (14) does not start from an email.' },
    });
    expect(await row(id)).toEqual(before);
  });

  it("refuses a graph pointing at another organisation's list or email, naming the step, and saves nothing", async () => {
    const { body: created } = await create({ trigger_id: 14, list_id: 1 });
    const id = created.workflow_id;
    const before = await row(id);
    const otherOrgList = await t.database.db
      .selectFrom('contact_lists')
      .select(['id', 'name'])
      .where('org_id', '<>', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const otherOrgEmail = await t.database.db
      .selectFrom('emails')
      .select('id')
      .where('org_id', '<>', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const addToForeignList = sendThenEnd(1);
    addToForeignList['0'] = {
      ...addToForeignList['0']!,
      type: 'add to list',
      detail: {
        ...addToForeignList['0']!.detail,
        controlName: 'add to list',
        title: 'Add to their list',
        emailId: null,
        list: { id: otherOrgList.id, name: otherOrgList.name },
      },
    };
    for (const [flow, message] of [
      [
        addToForeignList,
        `"Add to their list" uses list ${otherOrgList.id}, which is not one of your organisation's lists.`,
      ],
      [
        sendThenEnd(otherOrgEmail.id, 'Send their email'),
        `"Send their email" uses email ${otherOrgEmail.id}, which is not one of your organisation's emails.`,
      ],
    ] as const) {
      for (const status of [undefined, 'active'] as const) {
        const answer = await update({
          workflow_id: id,
          workflow: JSON.stringify(flow),
          ...(status ? { status } : {}),
        });
        expect(answer.status).toBe(400);
        expect(answer.body.message).toBe(`The workflow is not valid: ${message}`);
      }
    }
    expect(await row(id)).toEqual(before);
  });

  it('refuses publishing with a message naming the node and the reason, and saves nothing', async () => {
    const { body: created } = await create({ trigger_id: 14, list_id: 1 });
    const id = created.workflow_id;
    const before = await row(id);
    const flow = sendThenEnd(3, 'Send the deep dive');
    const { status, body } = await update({
      workflow_id: id,
      workflow: JSON.stringify(flow),
      status: 'active',
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: false,
      message: 'Cannot publish: "Send the deep dive": the email "Feature deep dive" is not design-ready.',
      error_publish_nodes: [
        {
          nodeId: '0',
          nodeTitle: 'Send the deep dive',
          message: '"Send the deep dive": the email "Feature deep dive" is not design-ready.',
        },
      ],
    });
    expect(await row(id)).toEqual(before);
  });

  it('follows the status transitions: publish, pause, newly added nodes, resume, refusals', async () => {
    const { body: created } = await create({ trigger_id: 14, list_id: 1 });
    const id = created.workflow_id;
    const flow = sendThenEnd(1);
    expect((await update({ workflow_id: id, status: 'inactive' })).body).toEqual({
      success: false,
      message: 'A draft workflow cannot be paused: publish it first.',
      error_publish_nodes: [],
    });

    const published = await update({ workflow_id: id, workflow: JSON.stringify(flow), status: 'active' });
    expect(published.body).toMatchObject({
      success: true,
      message: WORKFLOW_TEXTS.published,
      data: { status: 'active' },
    });
    expect((await row(id)).recently_published_at).not.toBeNull();

    expect((await update({ workflow_id: id, status: 'draft' })).body).toMatchObject({
      success: false,
      message: 'A published workflow cannot go back to draft: pause it instead.',
    });

    const paused = await update({ workflow_id: id, status: 'inactive' });
    expect(paused.body).toMatchObject({ success: true, data: { status: 'inactive', newlyAddedNodes: [] } });

    const grown = await update({ workflow_id: id, workflow: JSON.stringify(withDelay(flow)) });
    expect(grown.body.data).toMatchObject({ status: 'inactive', newlyAddedNodes: ['2'], node_count: 3 });

    const resumed = await update({ workflow_id: id, status: 'active' });
    expect(resumed.body).toMatchObject({
      success: true,
      message: WORKFLOW_TEXTS.reactivated,
      data: { status: 'active', newlyAddedNodes: [] },
    });
  });

  it('accepts a JSON body with the flow as an object', async () => {
    const { body: created } = await create({ trigger_id: 14, list_id: 1 });
    const response = await t.app.inject({
      method: 'POST',
      url: `${W}update_workflow/`,
      headers: { cookie: demo.cookie, 'x-csrftoken': demo.csrf, 'content-type': 'application/json' },
      payload: { workflow_id: created.workflow_id, workflow: sendThenEnd(2), status: 'draft' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ node_count: 2, version: 2 });
  });

  it('refuses a save based on an old version (409)', async () => {
    const { body: created } = await create({ trigger_id: 14, list_id: 1 });
    const stale = await update({ workflow_id: created.workflow_id, workflow_name: 'x', version: 7 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('Reload it before saving');
    expect(
      (await update({ workflow_id: created.workflow_id, workflow_name: 'y', version: 1 })).body.success,
    ).toBe(true);
  });
});

describe('resume_workflow/', () => {
  it('pauses and resumes from the list, with the active count', async () => {
    const active = (await get(t.app, demo, `${W}get_user_workflows/`)).json().total_active_count;
    const paused = (
      await post(t.app, demo, `${W}resume_workflow/`, { workflow_id: 2, status: 'inactive' })
    ).json();
    expect(paused).toMatchObject({
      success: true,
      data: { id: 2, status: 'inactive' },
      total_active_count: active - 1,
    });
    const resumed = (
      await post(t.app, demo, `${W}resume_workflow/`, { workflow_id: 2, status: 'active' })
    ).json();
    expect(resumed).toMatchObject({
      success: true,
      message: WORKFLOW_TEXTS.reactivated,
      data: { status: 'active' },
      total_active_count: active,
    });
  });

  it('resuming clears newly added nodes; drafts and bad statuses are refused', async () => {
    const resumed = (
      await post(t.app, demo, `${W}resume_workflow/`, { workflow_id: 4, status: 'active' })
    ).json();
    expect(resumed).toMatchObject({ success: true, data: { status: 'active' } });
    expect((await details(4)).json().data.newlyAddedNodes).toEqual([]);
    const draft = (
      await post(t.app, demo, `${W}resume_workflow/`, { workflow_id: 9, status: 'inactive' })
    ).json();
    expect(draft).toMatchObject({
      success: false,
      message: 'A draft workflow cannot be paused: publish it first.',
    });
    const bad = await post(t.app, demo, `${W}resume_workflow/`, { workflow_id: 2, status: 'draft' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('status must be active or inactive.');
  });
});
