import type { FastifyInstance } from 'fastify';
import type { WorkflowFlow } from '../../domain/workflowTypes.ts';
import type { DatabaseHandle } from '../../server/db/openDatabase.ts';
import { hashPassword } from '../../server/lib/passwords.ts';
import { DEMO_IDS } from '../../server/seed/demoIds.ts';
import { form, type Session, signIn } from '../helpers/testApp.ts';

export const W = '/api/workflow/';
export const A = '/api/analytics/';

type Fields = Record<string, string | number | undefined>;

function strings(fields: Fields): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  );
}

/** A GET with the session cookie; query values are encoded, undefined ones left out. */
export function get(app: FastifyInstance, session: Session, path: string, query: Fields = {}) {
  const qs = new URLSearchParams(strings(query)).toString();
  return app.inject({
    method: 'GET',
    url: `${path}${qs ? `?${qs}` : ''}`,
    headers: { cookie: session.cookie },
  });
}

/** A form POST with the session cookie and CSRF header; undefined fields left out. */
export function post(app: FastifyInstance, session: Session, path: string, fields: Fields) {
  return form(app, 'POST', path, strings(fields), session);
}

export const COLLEAGUE_LOGIN = {
  email: 'colleague@northwind-demo.test',
  password: 'Colleague-Password-2026',
};

/** A second ordinary user (internal_level 0) of the demo user's organisation; returns its id. */
export async function createColleague(database: DatabaseHandle, level = 0): Promise<number> {
  const row = await database.db
    .insertInto('users')
    .values({
      org_id: DEMO_IDS.mainOrgId,
      email: COLLEAGUE_LOGIN.email,
      password_hash: await hashPassword(COLLEAGUE_LOGIN.password),
      first_name: 'Cole',
      last_name: 'League',
      signup_app_name: 'workbench',
      plan_type: 'premium',
      internal_level: level,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function signInColleague(app: FastifyInstance): Promise<Session> {
  return signIn(app, COLLEAGUE_LOGIN);
}

/** A small valid flow: send email (emailId) -> end. */
export function sendThenEnd(emailId: number, title = 'Send the email'): WorkflowFlow {
  return {
    '0': {
      nodeId: '0',
      kind: 'ACTION',
      type: 'send email',
      parentId: null,
      direction: null,
      childNodes: ['1'],
      detail: {
        controlName: 'send email',
        controlType: 'action',
        controlId: 1,
        nodeId: '0',
        title,
        nodeTitle: 'Send email',
        emailId,
        error: false,
      },
    },
    '1': {
      nodeId: '1',
      kind: 'ACTION',
      type: 'end',
      parentId: '0',
      direction: null,
      childNodes: [],
      detail: {
        controlName: 'end',
        controlType: 'action',
        controlId: 4,
        nodeId: '1',
        title: 'End',
        nodeTitle: 'End',
        error: false,
      },
    },
  };
}

/** The flow plus a delay step appended after the end's parent chain: 0 send -> 2 delay -> 1 end. */
export function withDelay(flow: WorkflowFlow): WorkflowFlow {
  const copy = structuredClone(flow);
  const root = copy['0'];
  const end = copy['1'];
  if (!root || !end) throw new Error('flow without 0 and 1');
  root.childNodes = ['2'];
  end.parentId = '2';
  copy['2'] = {
    nodeId: '2',
    kind: 'ACTION',
    type: 'delay',
    parentId: '0',
    direction: null,
    childNodes: ['1'],
    detail: {
      controlName: 'delay',
      controlType: 'action',
      controlId: 3,
      nodeId: '2',
      title: 'Wait a day',
      nodeTitle: 'Delay',
      radioValue: 1,
      duration: { value: 1, unit: 'days' },
      error: false,
    },
  };
  return copy;
}
