import { describe, expect, it } from 'vitest';
import type { EmailDesign } from '../../../domain/emailDesign.ts';
import type { EditionDesign, TemplateSummary } from '../../../domain/publishAnswers.ts';
import { SHARE_BEFORE_DEFAULT } from '../../../domain/publishSchemas.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import type { Session, TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';
import { everyKindDesign } from './designFixtures.ts';
import { publishRoutesFixture, refused } from './publishRoutesFixture.ts';
import { C, ok, P } from './publishTestKit.ts';

let t: TestApp;
let demo: Session;
let other: Session;
let colleague: Session;

publishRoutesFixture((fixture) => {
  ({ t, demo, other, colleague } = fixture);
});

const newEdition = async (session: Session, name: string, emailType = 0) => {
  const email = ok<{ editions: { version_id: number }[] }>(
    await post(t.app, session, `${C}create_email/`, {
      email_name: name,
      email_type: emailType,
      create_campaign_flag: 1,
      campaign_name: `${name} campaign`,
    }),
  );
  return email.editions[0]?.version_id as number;
};
const saveTemplate = async (session: Session, name: string, shared: 0 | 1) => {
  const design = { ...everyKindDesign(), blocks: everyKindDesign().blocks.slice(0, 3) };
  return ok<{ id: number; name: string }>(
    await post(t.app, session, `${P}save_template/`, { name, shared, design: JSON.stringify(design) }),
  );
};
const defaultOf = async (session: Session) =>
  ok<{ template_id: number | null; design: EmailDesign }>(await get(t.app, session, `${P}default_template/`));
const kinds = (design: EmailDesign) => design.blocks.map((b) => b.kind);

describe('POST default_template/', () => {
  it("makes a shared template the organisation's default: never-designed editions start from it", async () => {
    const before = await defaultOf(demo);
    expect(before.template_id).toBeNull();
    const team = await saveTemplate(demo, 'Team default', 1);
    expect(
      ok<{ template_id: number; name: string }>(
        await post(t.app, demo, `${P}default_template/`, { template_id: team.id }),
      ),
    ).toEqual({ template_id: team.id, name: 'Team default' });

    // The colleague's GET and their new edition follow it; another organisation is untouched.
    const after = await defaultOf(colleague);
    expect(after.template_id).toBe(team.id);
    expect(kinds(after.design)).toEqual(kinds(everyKindDesign()).slice(0, 3));
    const version = await newEdition(colleague, 'Starts from the default');
    const design = ok<EditionDesign>(await get(t.app, colleague, `${P}design/`, { version_id: version }));
    expect(kinds(design.design)).toEqual(kinds(after.design));
    expect((await defaultOf(other)).template_id).toBeNull();
    const stored = await t.database.db
      .selectFrom('organisations')
      .select('default_template_id')
      .where('id', '=', DEMO_IDS.mainOrgId)
      .executeTakeFirstOrThrow();
    expect(stored.default_template_id).toBe(team.id);

    // A product template can be the default too; deleting the chosen template brings back 'Weekly digest'.
    const product = ok<TemplateSummary[]>(await get(t.app, demo, `${P}templates/`, { tab: 'featured_tab' }));
    const second = product[1] as TemplateSummary;
    ok(await post(t.app, demo, `${P}default_template/`, { template_id: second.id }));
    expect((await defaultOf(demo)).template_id).toBe(second.id);
    ok(await post(t.app, demo, `${P}default_template/`, { template_id: team.id }));
    expect((await post(t.app, demo, `${P}delete_template/`, { template_id: team.id })).statusCode).toBe(200);
    expect(await defaultOf(demo)).toEqual(before);
  });

  it("refuses an unshared template (400), another organisation's or a colleague's private one (404), bad input (400)", async () => {
    const mine = await saveTemplate(demo, 'Only mine', 0);
    expect(refused(await post(t.app, demo, `${P}default_template/`, { template_id: mine.id })).message).toBe(
      SHARE_BEFORE_DEFAULT,
    );
    refused(await post(t.app, colleague, `${P}default_template/`, { template_id: mine.id }), 404);
    const theirs = await saveTemplate(other, 'Theirs', 1);
    refused(await post(t.app, demo, `${P}default_template/`, { template_id: theirs.id }), 404);
    refused(await post(t.app, demo, `${P}default_template/`, {}));
    refused(await post(t.app, demo, `${P}default_template/`, { template_id: 'x' }));
    expect((await defaultOf(demo)).template_id).toBeNull();
  });

  it('needs the CSRF header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${P}default_template/`,
      headers: { cookie: demo.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'template_id=1',
    });
    expect(response.statusCode).toBe(403);
  });
});
