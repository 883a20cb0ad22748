import { describe, expect, it } from 'vitest';
import { PREFERENCE_URL_PLACEHOLDER } from '../../../server/services/delivery/renderMarketingEmail.ts';
import type { Session, TestApp } from '../../helpers/testApp.ts';
import { post } from '../workflowTestKit.ts';
import { everyKindDesign } from './designFixtures.ts';
import { publishRoutesFixture, refused } from './publishRoutesFixture.ts';
import { C, ok, P } from './publishTestKit.ts';

let t: TestApp;
let demo: Session;
let other: Session;

publishRoutesFixture((fixture) => {
  ({ t, demo, other } = fixture);
});

type EmailHtml = { version_id: number; email_id: number; subject: string; html: string };

describe('POST email_html/', () => {
  it("answers an edition's email as one HTML document for a neutral reader, from its design", async () => {
    const email = ok<{ email_id: number; editions: { version_id: number }[] }>(
      await post(t.app, demo, `${C}create_email/`, {
        email_name: 'Html export',
        email_type: 0,
        create_campaign_flag: 1,
        campaign_name: 'Html export campaign',
      }),
    );
    const versionId = email.editions[0]?.version_id as number;
    // Never designed: the organisation's default template.
    const plain = ok<EmailHtml>(await post(t.app, demo, `${P}email_html/`, { version_id: versionId }));
    expect(plain).toMatchObject({ version_id: versionId, email_id: email.email_id });
    expect(plain.html).toMatch(/^<!doctype html>/i);

    ok(
      await post(t.app, demo, `${P}design/save/`, {
        version_id: versionId,
        version_name: 'Exported',
        design: JSON.stringify(everyKindDesign()),
      }),
    );
    const designed = ok<EmailHtml>(await post(t.app, demo, `${P}email_html/`, { version_id: versionId }));
    expect(designed.html).toContain('Hi there, read');
    expect(designed.html).not.toContain(PREFERENCE_URL_PLACEHOLDER);
    expect(designed.html).not.toContain('%%wb-');
    expect(designed.html).not.toMatch(/<script/i);
    expect(designed.html).not.toBe(plain.html);
  });

  it("refuses another organisation's edition (404), bad input (400) and a call without the CSRF header", async () => {
    const theirs = ok<{ editions: { version_id: number }[] }>(
      await post(t.app, other, `${C}create_email/`, {
        email_name: 'Theirs',
        email_type: 0,
        create_campaign_flag: 1,
        campaign_name: 'Their html campaign',
      }),
    );
    refused(
      await post(t.app, demo, `${P}email_html/`, { version_id: theirs.editions[0]?.version_id as number }),
      404,
    );
    refused(await post(t.app, demo, `${P}email_html/`, { version_id: 'x' }));
    refused(await post(t.app, demo, `${P}email_html/`, {}));
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `${P}email_html/`,
      headers: { cookie: demo.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'version_id=1',
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});
