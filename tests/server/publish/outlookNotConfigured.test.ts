import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';
import { publishKit, refusal } from './publishTestKit.ts';

const P = '/api/publish/';
let t: TestApp;
let demo: Session;

beforeAll(async () => {
  t = await createTestApp({ DELIVERY_WORKER: 'false' });
  demo = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('Outlook without configuration', () => {
  it('defaults to the Microsoft identity platform, Graph v1.0 and 500 emails a day, and names what is missing', () => {
    const { outlook } = loadConfig({ PUBLIC_ORIGIN: 'https://wb.example.test' } as NodeJS.ProcessEnv);
    expect(outlook).toMatchObject({
      authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
      tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
      graphBaseUrl: 'https://graph.microsoft.com/v1.0',
      redirectUri: 'https://wb.example.test/outlook_auth',
      dailyLimit: 500,
      missing: ['OUTLOOK_CLIENT_ID', 'OUTLOOK_TOKEN_KEY'],
    });
    expect(() => loadConfig({ OUTLOOK_TOKEN_KEY: 'c2hvcnQ=' } as NodeJS.ProcessEnv)).toThrow(/32 bytes/);
  });

  it('shows the publish step what to set, and refuses to start a connection with a clear 400', async () => {
    const version = await t.database.db
      .selectFrom('email_versions')
      .select('id')
      .where('org_id', '=', DEMO_IDS.mainOrgId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const data = await get(t.app, demo, `${P}publish_email/`, { version_id: version.id, outlook_route: 1 });
    expect(data.statusCode, data.body).toBe(200);
    expect((data.json() as { data: Record<string, unknown> }).data).toMatchObject({
      outlook_configured: false,
      outlook_missing: ['OUTLOOK_CLIENT_ID', 'OUTLOOK_TOKEN_KEY'],
      is_authorized: false,
      connectionError: false,
      outlook_remaining_emails: 500,
      outlook_route: false,
    });
    const connect = await post(t.app, demo, `${P}outlook_connect/`, { version_id: version.id });
    expect(connect.statusCode).toBe(400);
    expect(connect.json()).toMatchObject({ success: false, error: 'outlook_not_configured' });
    expect((connect.json() as { message: string }).message).toContain(
      'set OUTLOOK_CLIENT_ID and OUTLOOK_TOKEN_KEY',
    );
    const callback = await get(t.app, demo, `${P}callback/`, { code: 'x', state: 'y' });
    expect(callback.statusCode).toBe(400);
  });

  it('tells a marketer what to do about an Outlook send, never which server variables to set', async () => {
    const kit = publishKit(t);
    const versionId = await kit.designed(demo, 'Outlook off');
    await t.database.db
      .updateTable('email_versions')
      .set({ outlook_route: true })
      .where('id', '=', versionId)
      .execute();
    const found = (await kit.preflight(demo, versionId)).errors.find(
      (finding) => finding.code === 'outlook_not_connected',
    );
    expect(found?.message).toContain('turn it off');
    const refused = refusal(await post(t.app, demo, `${P}publish_email/`, { version_id: versionId }));
    expect(refused.errors?.map((finding) => finding.code)).toContain('outlook_not_connected');
    expect(JSON.stringify(refused)).not.toMatch(/OUTLOOK_|docs\//);
  });
});
