import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { createColleague, signInColleague } from '../workflowTestKit.ts';

export type PublishRoutesFixture = {
  t: TestApp;
  /** The app's DATA_DIR (uploads are stored under it). */
  dataDir: string;
  demo: Session;
  other: Session;
  /** A colleague of the demo user, signed in. */
  colleague: Session;
};

type Res = { statusCode: number; body: string; json: () => unknown };

/** A refusal with its status (400 unless given) and a message the UI can show. */
export function refused(response: Res, status = 400) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { success: boolean; message: string };
  expect(body.success).toBe(false);
  expect(body.message.length).toBeGreaterThan(4);
  return body as { success: false; message: string; error?: string; block_id?: string };
}

/**
 * For a test file of the publish routes: before its tests, a test app on a DATA_DIR of its own (public
 * origin https://app.test, no public rate limit to speak of) with the demo user's, another organisation's
 * and a colleague's sessions, handed to `ready`; after them, the app closed and its DATA_DIR removed.
 */
export function publishRoutesFixture(ready: (fixture: PublishRoutesFixture) => void): void {
  let dataDir: string | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-publish-'));
    app = await createTestApp({
      DATA_DIR: dataDir,
      PUBLIC_RATE_LIMIT: '100000',
      PUBLIC_ORIGIN: 'https://app.test',
    });
    const demo = await signIn(app.app);
    const other = await signIn(app.app, OTHER_ORG_LOGIN);
    await createColleague(app.database);
    const colleague = await signInColleague(app.app);
    ready({ t: app, dataDir, demo, other, colleague });
  });
  afterAll(async () => {
    await app?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
}
