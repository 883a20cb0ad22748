import { type RuntimeFixture, runtimeAppFixture } from './runtimeAppFixture.ts';
import { expectPath as expectPathOf, fire } from './runtimeDb.ts';
import { buildFlow, TestClock } from './runtimeKit.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const endOnly = () => buildFlow([{ type: 'end' }]);

/**
 * For a test file of the workflow runtime: runtimeAppFixture on a clock that starts on Monday 2026-03-02
 * 10:00 UTC, its app handed to `ready`. Answers the clock and the tests' shorthands for a click and a path.
 */
export function runtimeTestSuite(ready: (fixture: RuntimeFixture) => void) {
  const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
  let fixture: RuntimeFixture | undefined;
  runtimeAppFixture(clock, (made) => {
    fixture = made;
    ready(made);
  });
  const current = () => fixture as RuntimeFixture;

  /** A click of a link of an email by a contact, recorded now. */
  const click = (contactId: number, emailId: number, link: string) =>
    fire(current().t.database, current().runtime, clock, { kind: 'clicked', contactId, emailId, link });

  /** Waits for the contact's enrolment to complete and checks the path it took. */
  const expectPath = (workflowId: number, contactId: number, path: readonly string[]) =>
    expectPathOf(current().t.database, workflowId, contactId, path);

  return { clock, click, expectPath };
}
