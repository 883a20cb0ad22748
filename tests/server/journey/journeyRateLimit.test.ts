import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/testApp.ts';
import { declareDomains, postFrom, SITE, trackingIdOf, view } from './journeyTestKit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOURNEY_RATE_LIMIT: '3' });
  await declareDomains(t.database.db, 1, ['www.acme-site.test']);
});
afterAll(async () => {
  await t?.close();
});

describe('the collection endpoints under the rate limit', () => {
  it('answers 429 with Retry-After past JOURNEY_RATE_LIMIT calls a minute from one address', async () => {
    const tid = await trackingIdOf(t.database.db, 1);
    const answers = [];
    for (let i = 0; i < 4; i += 1)
      answers.push(await postFrom(t.app, 'collect', SITE, view(tid, 'visitor-limited', `${SITE}/${i}`)));
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204, 429]);
    expect(Number(answers[3]?.headers['retry-after'])).toBeGreaterThan(0);
    // Counted before the body is read: garbage past the limit is refused the same way.
    const garbage = await postFrom(t.app, 'collect', SITE, 'not json');
    expect(garbage.statusCode).toBe(429);
    // identify/ has a limit of its own.
    expect((await postFrom(t.app, 'identify', SITE, 'not json')).statusCode).toBe(400);
  });
});
