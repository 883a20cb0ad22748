import { describe, expect, it } from 'vitest';
import type { Condition, ConditionType } from '../../../domain/workflowTypes.ts';
import { advanceEnrolment, type EnrolmentState } from '../../../server/services/runtime/advanceEnrolment.ts';
import { chainAllows, MAX_CHAIN_DEPTH } from '../../../server/services/runtime/enrolContacts.ts';
import { recordedEventSource } from '../../../server/services/runtime/recordedEventSource.ts';
import type { SendInput, StepPorts } from '../../../server/services/runtime/runtimePorts.ts';
import { buildFlow, TestClock } from './runtimeKit.ts';

// Monday 2026-03-02 10:00 UTC.
const START = Date.parse('2026-03-02T10:00:00Z');

type Recorded = { kind: 'opened' | 'clicked' | 'sent'; emailId: number; link: string | null; at: number };

function harness(events: Recorded[] = [], lists: number[] = []) {
  const clock = new TestClock(START);
  const sent: SendInput[] = [];
  const members = new Set(lists);
  const added: number[] = [];
  const ports: StepPorts = {
    clock,
    events: recordedEventSource(events),
    mail: {
      send: async (input) => {
        sent.push(input);
        return { sendId: sent.length, created: true };
      },
    },
    lists: {
      isMember: async (listId) => members.has(listId),
      add: async ({ listId }) => {
        const fresh = !members.has(listId);
        members.add(listId);
        if (fresh) added.push(listId);
        return { added: fresh, enrolledIn: [] };
      },
    },
  };
  const state: EnrolmentState = {
    id: 7,
    orgId: 1,
    workflowId: 3,
    contactId: 42,
    currentNode: '0',
    status: 'running',
    enrolledAt: new Date(START),
    chain: [],
  };
  return { clock, sent, added, ports, state };
}

const cond = (conditionType: ConditionType, extra: Partial<Condition> = {}): Condition => ({
  conditionType,
  controlId: 1,
  controlName: conditionType,
  ...extra,
});

async function branch(
  conditions: Condition[],
  connector: 'AND' | 'OR',
  events: Recorded[] = [],
  lists: number[] = [],
) {
  const flow = buildFlow([
    { type: 'If / Else', conditions, connector, yes: [{ type: 'end' }], no: [{ type: 'end' }] },
  ]);
  const h = harness(events, lists);
  const result = await advanceEnrolment(flow, h.state, h.ports);
  return result.history[0]?.outcome;
}

describe('advanceEnrolment: the steps', () => {
  it('sends, adds to a list, stops at a delay, and continues after it to the end', async () => {
    const flow = buildFlow([
      { type: 'send email', emailId: 5 },
      { type: 'add to list', listId: 9 },
      { type: 'delay', duration: { value: 2, unit: 'hours' } },
      { type: 'send email', emailId: 6 },
      { type: 'end' },
    ]);
    const h = harness();
    const first = await advanceEnrolment(flow, h.state, h.ports);
    expect(first).toMatchObject({ status: 'waiting', node: '2', steps: 2 });
    expect(first.dueAt?.toISOString()).toBe('2026-03-02T12:00:00.000Z');
    expect(first.history.map((x) => x.outcome)).toEqual(['sent', 'added', 'delay started']);
    expect(h.sent).toEqual([
      { orgId: 1, contactId: 42, emailId: 5, workflowId: 3, nodeId: '0', dedupeKey: 'wf:7:0' },
    ]);
    expect(h.added).toEqual([9]);

    h.clock.set(START + 2 * 3_600_000);
    const second = await advanceEnrolment(flow, { ...h.state, currentNode: '2', status: 'waiting' }, h.ports);
    expect(second).toMatchObject({ status: 'completed', node: '4', steps: 3 });
    expect(second.history.map((x) => [x.nodeId, x.outcome])).toEqual([
      ['2', 'waited'],
      ['3', 'sent'],
      ['4', 'ended'],
    ]);
    expect(h.sent.map((s) => s.dedupeKey)).toEqual(['wf:7:0', 'wf:7:3']);
  });

  it('a delay of zero, or a wait-until instant already reached, passes at once', async () => {
    const flow = buildFlow([
      { type: 'delay', duration: { value: 0, unit: 'days' } },
      { type: 'delay', waitUntil: { dayOption: 'all', days: ['Monday'], hour: 10, timezone: 'UTC' } },
      { type: 'delay', waitUntil: { dayOption: 'business', days: [], hour: 9, timezone: 'Europe/Berlin' } },
    ]);
    const h = harness();
    const result = await advanceEnrolment(flow, h.state, h.ports);
    expect(result.history.map((x) => x.outcome)).toEqual(['waited', 'waited', 'delay started']);
    expect(result.dueAt?.toISOString()).toBe('2026-03-03T08:00:00.000Z'); // Tuesday 09:00 CET
  });

  it('an add to list of a member says so; a step with nothing chosen is recorded as an error and passed', async () => {
    const flow = buildFlow([
      { type: 'add to list', listId: 9 },
      { type: 'send email', emailId: 0 },
    ]);
    const h = harness([], [9]);
    const result = await advanceEnrolment(flow, h.state, h.ports);
    expect(result.history.map((x) => x.outcome)).toEqual(['already member', 'error', 'completed']);
    expect(result.status).toBe('completed');
    expect(h.sent).toEqual([]);
  });

  it('a current node removed from the flow exits the enrolment', async () => {
    const flow = buildFlow([{ type: 'end' }]);
    const h = harness();
    const result = await advanceEnrolment(flow, { ...h.state, currentNode: '17' }, h.ports);
    expect(result).toMatchObject({ status: 'exited', node: '17' });
  });

  it('hands a long chain of immediate steps to the next job after MAX_STEPS_PER_JOB', async () => {
    const flow = buildFlow(Array.from({ length: 60 }, () => ({ type: 'add to list' as const, listId: 1 })));
    const h = harness();
    const result = await advanceEnrolment(flow, h.state, h.ports);
    expect(result).toMatchObject({ status: 'running', node: '50', steps: 50 });
  });
});

describe('advanceEnrolment: If / Else conditions, evaluated when reached', () => {
  const at = (minutes: number) => START + minutes * 60_000;
  const opened5: Recorded = { kind: 'opened', emailId: 5, link: null, at: at(1) };
  const clickedPricing: Recorded = { kind: 'clicked', emailId: 5, link: 'https://x.test/pricing', at: at(2) };

  it('has opened / has not opened: events of that email since the enrolment', async () => {
    expect(await branch([cond('has opened', { emailId: 5 })], 'AND', [{ ...opened5, at: START }])).toBe(
      'yes',
    );
    expect(await branch([cond('has opened', { emailId: 5 })], 'AND', [])).toBe('no');
    expect(await branch([cond('has opened', { emailId: 6 })], 'AND', [{ ...opened5, at: START }])).toBe('no');
    // Before the enrolment, or after now (the clock), does not count.
    expect(await branch([cond('has opened', { emailId: 5 })], 'AND', [{ ...opened5, at: at(-5) }])).toBe(
      'no',
    );
    expect(await branch([cond('has opened', { emailId: 5 })], 'AND', [opened5])).toBe('no');
    expect(await branch([cond('has not opened', { emailId: 5 })], 'AND', [])).toBe('yes');
    expect(await branch([cond('has not opened', { emailId: 5 })], 'AND', [{ ...opened5, at: START }])).toBe(
      'no',
    );
  });

  it('has clicked a link (empty = any) / has not clicked', async () => {
    const click = { ...clickedPricing, at: START };
    expect(
      await branch([cond('has clicked', { emailId: 5, link: 'https://x.test/pricing' })], 'AND', [click]),
    ).toBe('yes');
    expect(
      await branch([cond('has clicked', { emailId: 5, link: 'https://x.test/demo' })], 'AND', [click]),
    ).toBe('no');
    expect(await branch([cond('has clicked', { emailId: 5, link: null })], 'AND', [click])).toBe('yes');
    expect(await branch([cond('has clicked', { emailId: 5, link: '' })], 'AND', [])).toBe('no');
    expect(await branch([cond('has not clicked', { emailId: 5, link: null })], 'AND', [click])).toBe('no');
    expect(
      await branch([cond('has not clicked', { emailId: 5, link: 'https://x.test/demo' })], 'AND', [click]),
    ).toBe('yes');
  });

  it('email sequence: the contact has been sent that email, at any time', async () => {
    const sentLongAgo: Recorded = { kind: 'sent', emailId: 8, link: null, at: at(-60 * 24 * 30) };
    expect(await branch([cond('email sequence', { emailId: 8 })], 'AND', [sentLongAgo])).toBe('yes');
    expect(await branch([cond('email sequence', { emailId: 9 })], 'AND', [sentLongAgo])).toBe('no');
  });

  it('list: membership now', async () => {
    expect(await branch([cond('list', { listId: 4 })], 'AND', [], [4])).toBe('yes');
    expect(await branch([cond('list', { listId: 4 })], 'AND', [], [3])).toBe('no');
    expect(await branch([cond('list', { listId: null })], 'AND', [], [3])).toBe('no');
  });

  it('current day and current time in the condition time zone', async () => {
    // 10:00 UTC Monday = 19:00 Monday in Tokyo, 02:00 Monday in Los Angeles.
    expect(await branch([cond('current day', { verb: 'is', day: ['Monday'], timezone: 'UTC' })], 'AND')).toBe(
      'yes',
    );
    expect(
      await branch([cond('current day', { verb: 'is not', day: ['Monday'], timezone: 'UTC' })], 'AND'),
    ).toBe('no');
    expect(
      await branch(
        [cond('current day', { verb: 'is', day: ['Tuesday'], timezone: 'Pacific/Kiritimati' })],
        'AND',
      ),
    ).toBe('yes'); // already Tuesday 00:00 there
    expect(
      await branch([cond('current time', { verb: 'after', time: '18:30', timezone: 'Asia/Tokyo' })], 'AND'),
    ).toBe('yes');
    expect(
      await branch([cond('current time', { verb: 'before', time: '18:30', timezone: 'Asia/Tokyo' })], 'AND'),
    ).toBe('no');
    expect(
      await branch(
        [cond('current time', { verb: 'before', time: '03:00', timezone: 'America/Los_Angeles' })],
        'AND',
      ),
    ).toBe('yes');
    expect(
      await branch([cond('current time', { verb: 'after', time: 'junk', timezone: 'UTC' })], 'AND'),
    ).toBe('no');
  });

  it('AND needs every condition, OR one; no condition counts as true', async () => {
    const yes = cond('current day', { verb: 'is', day: ['Monday'], timezone: 'UTC' });
    const no = cond('has opened', { emailId: 5 });
    expect(await branch([yes, no], 'AND')).toBe('no');
    expect(await branch([yes, yes], 'AND')).toBe('yes');
    expect(await branch([no, yes], 'OR')).toBe('yes');
    expect(await branch([no, no], 'OR')).toBe('no');
    expect(await branch([], 'AND')).toBe('yes');
  });

  it('takes childNodes[0] when true and childNodes[1] when false', async () => {
    const flow = buildFlow([
      {
        type: 'If / Else',
        conditions: [cond('has opened', { emailId: 5 })],
        yes: [{ type: 'send email', emailId: 1 }],
        no: [{ type: 'send email', emailId: 2 }],
      },
    ]);
    const h = harness();
    const result = await advanceEnrolment(flow, h.state, h.ports);
    expect(flow['0']?.childNodes).toEqual(['1', '2']);
    expect(result.history.map((x) => [x.nodeId, x.outcome])).toEqual([
      ['0', 'no'],
      ['2', 'sent'],
      ['2', 'completed'],
    ]);
    expect(h.sent.map((s) => s.emailId)).toEqual([2]);
  });
});

describe('the loop guard', () => {
  it('refuses a workflow already in the chain, and chains of MAX_CHAIN_DEPTH', () => {
    expect(chainAllows([], 1)).toBe(true);
    expect(chainAllows([2, 3], 1)).toBe(true);
    expect(chainAllows([2, 1, 3], 1)).toBe(false);
    expect(
      chainAllows(
        Array.from({ length: MAX_CHAIN_DEPTH }, (_, i) => i + 100),
        1,
      ),
    ).toBe(false);
  });
});
