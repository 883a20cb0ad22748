import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_FORM_FIELDS,
  FORM_NAME_EXISTS,
  type FormField,
  type FormSummary,
  HONEYPOT_FIELD,
} from '../../../domain/hostedForms.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { countRecipients } from '../../../server/services/publish/editionAudience.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';

const F = '/api/audience/';
/** Newsletter Readers, a list of the demo organisation; 7 is the other organisation's list. */
const LIST_ID = 3;
const OTHER_ORG_LIST_ID = 7;

let t: TestApp;
let demo: Session;
let other: Session;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_RATE_LIMIT: '100000' });
  demo = await signIn(t.app);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
});
afterAll(async () => {
  await t?.close();
});

const FIELDS: FormField[] = [
  ...DEFAULT_FORM_FIELDS,
  { key: 'company_name', label: 'Company', type: 'Text', required: false, options: [] },
  {
    key: 'lead_source',
    label: 'How did you hear of us?',
    type: 'Radio Button',
    required: true,
    options: ['Search', 'A friend'],
  },
];

async function createForm(
  name: string,
  fields = FIELDS,
  session = demo,
  listId: number | '' = LIST_ID,
  status = 200,
) {
  const response = await post(t.app, session, `${F}create_form/`, {
    name,
    list_id: listId,
    fields: JSON.stringify(fields),
  });
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as { success: boolean; data: FormSummary; message?: string };
}

const publicIdOf = (form: FormSummary) => form.form_url.split('/f/')[1] as string;

function submit(publicId: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/f/${publicId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

const contactByEmail = (email: string) =>
  t.database.db
    .selectFrom('contacts')
    .selectAll()
    .where('org_id', '=', DEMO_IDS.mainOrgId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .execute();

describe('forms in the workbench', () => {
  it('makes a form with its fields, list and an unguessable public address, and lists it', async () => {
    const made = await createForm('Spring webinar sign-up');
    expect(made.success).toBe(true);
    expect(made.data).toMatchObject({
      name: 'Spring webinar sign-up',
      list_id: LIST_ID,
      list_name: 'Newsletter Readers',
      submissions: 0,
      created_by: 'Dana Demo',
    });
    expect(made.data.fields.map((f) => f.key)).toEqual(FIELDS.map((f) => f.key));
    expect(publicIdOf(made.data)).toMatch(/^[a-f0-9]{32}$/);
    const listing = (await get(t.app, demo, `${F}forms_listing/`, { search_word: 'spring' })).json();
    expect(listing.total_count).toBe(1);
    expect(listing.data[0].id).toBe(made.data.id);
    const details = (await get(t.app, demo, `${F}form_details/`, { form_id: made.data.id })).json();
    expect(details.data).toEqual(made.data);
    expect((await get(t.app, other, `${F}forms_listing/`)).json().total_count).toBe(0);
  });

  it("offers the organisation's own lists and campaigns to point a form at", async () => {
    const options = (await get(t.app, demo, `${F}form_options/`)).json().data;
    expect(options.lists.map((l: { id: number }) => l.id)).toContain(LIST_ID);
    expect(options.lists.map((l: { id: number }) => l.id)).not.toContain(OTHER_ORG_LIST_ID);
    expect(options.campaigns.length).toBeGreaterThan(0);
    const theirs = (await get(t.app, other, `${F}form_options/`)).json().data;
    expect(theirs.lists.map((l: { id: number }) => l.id)).toEqual([OTHER_ORG_LIST_ID]);
  });

  it('refuses a taken name, bad fields (400 with a message), bad fields (400 with a message) and foreign lists (404)', async () => {
    await createForm('Taken name');
    const again = await createForm('TAKEN NAME', FIELDS, demo, LIST_ID, 400);
    expect(again).toEqual({ success: false, message: FORM_NAME_EXISTS });
    const cases: [string, string][] = [
      ['not json', 'fields is not valid JSON.'],
      [JSON.stringify([]), 'A form needs at least the email field.'],
      [JSON.stringify(FIELDS.filter((f) => f.key !== 'email')), 'A form always asks for the email.'],
      [JSON.stringify([...FIELDS, FIELDS[1]]), 'Each field can be on the form only once.'],
      [
        JSON.stringify([
          { key: 'email', label: 'Email', type: 'Text', required: true },
          { key: 'x', label: 'X', type: 'Text' },
        ]),
        'Each field must be one of the capturable fields.',
      ],
      [
        JSON.stringify([
          FIELDS[0],
          { key: 'country', label: 'Country', type: 'Dropdown', options: ['Only one'] },
        ]),
        '“Country” needs at least two options.',
      ],
    ];
    for (const [fields, message] of cases) {
      const response = await post(t.app, demo, `${F}create_form/`, { name: 'Bad', fields });
      expect(response.statusCode, fields).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const foreignList = await post(t.app, demo, `${F}create_form/`, {
      name: 'Foreign list',
      list_id: OTHER_ORG_LIST_ID,
      fields: JSON.stringify(FIELDS),
    });
    expect(foreignList.statusCode).toBe(404);
  });

  it("answers 404 for another organisation's form on every call", async () => {
    const theirs = (await createForm('Their form', FIELDS, other, '')).data;
    const calls = [
      get(t.app, demo, `${F}form_details/`, { form_id: theirs.id }),
      post(t.app, demo, `${F}update_form/`, {
        form_id: theirs.id,
        name: 'Mine',
        fields: JSON.stringify(FIELDS),
      }),
      post(t.app, demo, `${F}delete_form/`, { form_id: theirs.id }),
      get(t.app, demo, `${F}form_submissions/`, { form_id: theirs.id }),
      get(t.app, demo, `${F}export_form_submissions/`, { form_id: theirs.id }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(404);
    expect((await get(t.app, other, `${F}forms_listing/`)).json().data[0].name).toBe('Their form');
  });
});

describe('the hosted form (/f/{id})', () => {
  it('is a server-rendered form that works without JavaScript, with a hidden trap field', async () => {
    const form = (await createForm('Hosted page')).data;
    const page = await t.app.inject({ method: 'GET', url: `/f/${publicIdOf(form)}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Hosted page</title>');
    expect(page.body).toContain(`action="/f/${publicIdOf(form)}"`);
    expect(page.body).toContain('method="post"');
    expect(page.body).toMatch(/<label[^>]*for="hf-email"/);
    expect(page.body).toContain(`name="${HONEYPOT_FIELD}"`);
    const unknown = await t.app.inject({ method: 'GET', url: '/f/0123456789abcdef0123456789abcdef' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This link is not valid');
  });

  it('shows what is wrong beside each field (400), keeping what was typed, and stores nothing', async () => {
    const form = (await createForm('Errors form')).data;
    const response = await submit(publicIdOf(form), { email: 'not-an-email', first_name: 'Zed' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Enter an email address such as name@example.com.');
    expect(response.body).toContain('How did you hear of us? is required.');
    expect(response.body).toContain('value="Zed"');
    expect(response.body).toContain('role="alert"');
    expect(await contactByEmail('not-an-email')).toHaveLength(0);
  });

  it('creates the contact, adds it to the list, keeps the submission and records the opt-in in the consent ledger', async () => {
    const form = (await createForm('Consent form')).data;
    const response = await submit(
      publicIdOf(form),
      {
        email: 'New.Person@Example.com',
        first_name: 'Nova',
        last_name: 'Person',
        company_name: '=Evil Corp',
        lead_source: 'A friend',
        consent: '1',
      },
      { referer: 'https://www.partner.example/landing?utm=1', 'user-agent': 'Phone browser/1.0' },
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/f/${publicIdOf(form)}?submitted=1`);
    const thanks = await t.app.inject({ method: 'GET', url: response.headers.location as string });
    expect(thanks.body).toContain('Thank you');

    const [contact] = await contactByEmail('new.person@example.com');
    expect(contact).toMatchObject({ first_name: 'Nova', last_name: 'Person', status: 'Subscribed' });
    const member = await t.database.db
      .selectFrom('list_contacts')
      .select('contact_id')
      .where('list_id', '=', LIST_ID)
      .where('contact_id', '=', contact?.id as number)
      .executeTakeFirst();
    expect(member).toBeDefined();
    const preference = await t.database.db
      .selectFrom('preferences')
      .selectAll()
      .where('contact_id', '=', contact?.id as number)
      .executeTakeFirstOrThrow();
    expect(preference.marketing).toBe(true);
    const ledger = await t.database.db
      .selectFrom('consent_ledger')
      .selectAll()
      .where('preference_uuid', '=', preference.uuid)
      .execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ source: 'form', user_agent: 'Phone browser/1.0' });
    expect(ledger[0]?.after).toMatchObject({ marketing: '1', unsub_all: '0' });
    expect(ledger[0]?.before).toMatchObject({ marketing: '0' });

    const submissions = (await get(t.app, demo, `${F}form_submissions/`, { form_id: form.id })).json();
    expect(submissions.total_count).toBe(1);
    expect(submissions.data[0]).toMatchObject({
      contact_id: contact?.id,
      full_name: 'Nova Person',
      email: 'New.Person@Example.com',
      consent: true,
      origin: 'https://www.partner.example',
      origin_domain: 'www.partner.example',
      unsub_uuid: preference.uuid,
    });
    // The export neutralises a formula a visitor typed.
    const [account] = await t.database.db
      .selectFrom('accounts')
      .select('name')
      .where('id', '=', contact?.account_id as number)
      .execute();
    expect(account?.name).toBe('=Evil Corp');
  });

  it('updates a contact found by email (any case) instead of duplicating it, and never resubscribes', async () => {
    const form = (await createForm('Returning visitors')).data;
    const unsubscribed = await t.database.db
      .selectFrom('contacts')
      .selectAll()
      .where('org_id', '=', DEMO_IDS.mainOrgId)
      .where('status', '=', 'Unsubscribed')
      .executeTakeFirstOrThrow();
    const ledgerBefore = await t.database.db.selectFrom('consent_ledger').select('id').execute();
    const response = await submit(publicIdOf(form), {
      email: unsubscribed.email.toUpperCase(),
      first_name: 'Renamed',
      lead_source: 'Search',
      consent: '1',
    });
    expect(response.statusCode).toBe(303);
    const found = await contactByEmail(unsubscribed.email);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: unsubscribed.id, first_name: 'Renamed', status: 'Unsubscribed' });
    const preference = await t.database.db
      .selectFrom('preferences')
      .select(['unsub_all', 'marketing'])
      .where('contact_id', '=', unsubscribed.id)
      .executeTakeFirst();
    if (preference) expect(preference.unsub_all).toBe(true);
    const ledgerAfter = await t.database.db.selectFrom('consent_ledger').select('id').execute();
    expect(ledgerAfter).toHaveLength(ledgerBefore.length);
  });

  it('a new contact who left consent unticked is left out of sends, and People and the list say "No consent"', async () => {
    const made = await post(t.app, demo, `${F}create_list/`, { list_name: 'Consent check list' });
    const listId = made.json().data.list_id as number;
    const form = (await createForm('Consent unticked', FIELDS, demo, listId)).data;
    const response = await submit(publicIdOf(form), {
      email: 'no.consent@example.com',
      first_name: 'Nora',
      last_name: 'Consent',
      lead_source: 'Search',
    });
    expect(response.statusCode).toBe(303);
    const [contact] = await contactByEmail('no.consent@example.com');
    expect(contact).toMatchObject({ status: 'Subscribed' });
    // A send to the list leaves them out, for want of consent.
    const counted = await countRecipients(t.database.db, {
      orgId: DEMO_IDS.mainOrgId,
      listIds: [listId],
      contactIds: [],
    });
    expect(counted).toEqual({ count: 0, excluded: { unsubscribed: 0, bounced: 0, no_consent: 1 } });
    // People and the list's contacts say what is true.
    const people = (
      await get(t.app, demo, `${F}people_listing/`, { search_word: 'no.consent@example.com' })
    ).json();
    expect(people.data).toEqual([
      expect.objectContaining({ contact_id: contact?.id, status: 'Subscribed', marketing_consent: false }),
    ]);
    const members = (
      await get(t.app, demo, `${F}list_details/`, {
        list_id: listId,
        kind: 'unprofiled',
        offset: 0,
        limit: 10,
      })
    ).json();
    expect(members.unprofiled.data).toEqual([
      expect.objectContaining({ contact_id: contact?.id, marketing_consent: false }),
    ]);
    // Someone else's address typed into a form without consent changes nothing of what they agreed to.
    const known = await submit(publicIdOf(form), {
      email: 'New.Person@Example.com',
      lead_source: 'Search',
    });
    expect(known.statusCode).toBe(303);
    const [consenting] = await contactByEmail('new.person@example.com');
    const again = (
      await get(t.app, demo, `${F}people_listing/`, { search_word: 'new.person@example.com' })
    ).json();
    expect(again.data).toEqual([
      expect.objectContaining({ contact_id: consenting?.id, marketing_consent: true }),
    ]);
  });

  it('thanks a bot that fills in the trap field and stores nothing', async () => {
    const form = (await createForm('Bot target')).data;
    const response = await submit(publicIdOf(form), {
      email: 'bot@spam.example',
      lead_source: 'Search',
      [HONEYPOT_FIELD]: 'http://spam.example',
    });
    expect(response.statusCode).toBe(303);
    expect(await contactByEmail('bot@spam.example')).toHaveLength(0);
    const submissions = (await get(t.app, demo, `${F}form_submissions/`, { form_id: form.id })).json();
    expect(submissions.total_count).toBe(0);
  });

  it("stores the form's name and the names a submission gives (the contact's, its account's) without control characters", async () => {
    const form = (await createForm('\u202eReversed\u202c form\u2066')).data;
    expect(form.name).toBe('Reversed form');
    const response = await submit(publicIdOf(form), {
      email: 'bidi@forms.example',
      first_name: '\u202eLive',
      last_name: 'Name\u2069\t',
      company_name: 'Acme\u202e Ltd',
      lead_source: 'Search',
    });
    expect(response.statusCode).toBe(303);
    const [contact] = await contactByEmail('bidi@forms.example');
    expect(contact).toMatchObject({ first_name: 'Live', last_name: 'Name' });
    const account = await t.database.db
      .selectFrom('accounts')
      .select('name')
      .where('id', '=', contact?.account_id ?? 0)
      .executeTakeFirst();
    expect(account?.name).toBe('Acme Ltd');
  });
});

describe('submissions', () => {
  it('filters by date (both days in, all time without dates) and exports CSV safe for spreadsheets', async () => {
    const form = (await createForm('Export form')).data;
    await submit(publicIdOf(form), {
      email: 'ex1@example.com',
      first_name: '=cmd|calc',
      lead_source: 'Search',
    });
    await submit(publicIdOf(form), { email: 'ex2@example.com', first_name: 'Plain', lead_source: 'Search' });
    await sql`update form_submissions set created_at = '2026-01-15T12:00:00Z'
      where form_id = ${form.id} and answers->>'email' = 'ex2@example.com'`.execute(t.database.db);
    const all = (await get(t.app, demo, `${F}form_submissions/`, { form_id: form.id })).json();
    expect(all.total_count).toBe(2);
    const january = (
      await get(t.app, demo, `${F}form_submissions/`, {
        form_id: form.id,
        start_date: '2026-01-15',
        end_date: '2026-01-15',
      })
    ).json();
    expect(january.data.map((s: { email: string }) => s.email)).toEqual(['ex2@example.com']);
    const bad = await get(t.app, demo, `${F}form_submissions/`, {
      form_id: form.id,
      start_date: '2026-02-01',
      end_date: '2026-01-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('start_date must be on or before end_date.');

    const csv = await get(t.app, demo, `${F}export_form_submissions/`, { form_id: form.id });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.body).toContain("'=cmd|calc");
    expect(csv.body).not.toMatch(/,=cmd/);
    expect(csv.body.split('\r\n')[0]).toBe(
      'submitted_at,first_name,last_name,email,consent,origin_domain,contact_id',
    );
  });

  it('deletes a form and its submissions; its contacts stay', async () => {
    const form = (await createForm('Short-lived form')).data;
    await submit(publicIdOf(form), { email: 'stays@example.com', lead_source: 'Search' });
    const deleted = await post(t.app, demo, `${F}delete_form/`, { form_id: form.id });
    expect(deleted.json()).toEqual({ success: true });
    expect(await contactByEmail('stays@example.com')).toHaveLength(1);
    const page = await t.app.inject({ method: 'GET', url: `/f/${publicIdOf(form)}` });
    expect(page.statusCode).toBe(404);
  });
});
