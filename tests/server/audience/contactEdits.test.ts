import { describe, expect, it } from 'vitest';
import type { Session, TestApp } from '../../helpers/testApp.ts';
import { post } from '../workflowTestKit.ts';
import { P, peopleFixture, tagName } from './peopleFixture.ts';

let t: TestApp;
let demo: Session;
let other: Session;
const { create } = peopleFixture((fixture) => ({ t, demo, other } = fixture));

describe('create_contact/ and update_contact/', () => {
  it('creates a Subscribed contact; profiled without a personality gets Steady, otherwise unprofiled', async () => {
    const tag = tagName();
    const profiled = await create({
      first_name: tag,
      last_name: 'One',
      email: `${tag}1@example.test`,
      tab: 'profiled',
    });
    expect(profiled).toMatchObject({ personality_type: 'Steady', personality: 'N/A', status: 'Subscribed' });
    const plain = await create({
      first_name: tag,
      last_name: 'Two',
      email: `${tag}2@example.test`,
      tab: 'all',
    });
    expect(plain.personality_type).toBeNull();
    const typed = await create({
      first_name: tag,
      last_name: 'Three',
      email: `${tag}3@example.test`,
      personality: 'Driver',
    });
    expect(typed.personality_type).toBe('Dominant');
    const withCompany = await create({
      first_name: tag,
      last_name: 'Four',
      email: `${tag}4@example.test`,
      organization: `${tag} Holdings`,
      industry: 'Retail',
    });
    expect(withCompany.organization).toBe(`${tag} Holdings`);
    expect(withCompany.account_id).toBeGreaterThan(0);
  });

  it('refuses a bad or duplicate address with a clear message (400, never 500)', async () => {
    const tag = tagName();
    await create({ first_name: tag, last_name: 'Dup', email: `${tag}@example.test` });
    const cases: [Record<string, string>, string][] = [
      [
        { first_name: tag, last_name: 'X', email: `${tag.toUpperCase()}@EXAMPLE.TEST` },
        'already exists in your organisation',
      ],
      [{ first_name: tag, last_name: 'X', email: 'not-an-address' }, 'Enter a real email address'],
      [{ first_name: tag, last_name: 'X', email: 'a@b' }, 'Enter a real email address'],
      [{ first_name: ' ', last_name: 'X', email: `${tag}x@example.test` }, 'First name is required.'],
      [
        { first_name: tag, last_name: 'X', email: `${tag}y@example.test`, personality_type: 'Grumpy' },
        'personality_type must be one of',
      ],
      [
        {
          first_name: tag,
          last_name: 'X',
          email: `${tag}z@example.test`,
          personality_type: 'Steady',
          personality: 'Driver',
        },
        'Driver is not a Steady personality.',
      ],
      [
        {
          first_name: tag,
          last_name: 'X',
          email: `${tag}w@example.test`,
          linkedin_url: 'javascript:alert(1)',
        },
        'LinkedIn address must be a web address',
      ],
    ];
    for (const [fields, message] of cases) {
      const response = await post(t.app, demo, `${P}create_contact/`, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toMatchObject({ success: false });
      expect(response.json().message).toContain(message);
    }
  });

  it('updates fields but never the status; a duplicate address or a foreign contact is refused', async () => {
    const tag = tagName();
    const a = await create({ first_name: tag, last_name: 'A', email: `${tag}a@example.test` });
    const b = await create({ first_name: tag, last_name: 'B', email: `${tag}b@example.test` });
    await t.database.db
      .updateTable('contacts')
      .set({ status: 'Unsubscribed' })
      .where('id', '=', a.contact_id)
      .execute();
    const ok = await post(t.app, demo, `${P}update_contact/`, {
      contact_id: a.contact_id,
      first_name: tag,
      last_name: 'Renamed',
      email: `${tag}a@example.test`,
      personality_type: 'Influencer',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      last_name: 'Renamed',
      personality_type: 'Influencer',
      status: 'Unsubscribed',
    });
    const dup = await post(t.app, demo, `${P}update_contact/`, {
      contact_id: b.contact_id,
      first_name: tag,
      last_name: 'B',
      email: `${tag}A@example.test`,
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe(
      `A contact with the email ${tag}A@example.test already exists in your organisation.`,
    );
    const foreign = await post(t.app, other, `${P}update_contact/`, {
      contact_id: a.contact_id,
      first_name: 'X',
      last_name: 'Y',
      email: 'x.y@example.test',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, message: 'Contact not found.' });
  });
});
