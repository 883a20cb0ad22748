import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FormField, FormSubmission, FormSummary, HostedForm } from '../../../domain/hostedForms.ts';
import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';
import { listingPage } from '../../lib/listingPage.ts';

/** An unguessable public id: 128 random bits as hex (safe in a path, starts with a letter or digit). */
export const newFormPublicId = () => randomBytes(16).toString('hex');

export const hostedFormUrl = (publicOrigin: string, publicId: string) =>
  `${publicOrigin.replace(/\/+$/, '')}/f/${publicId}`;

const fullName = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim();

/** The organisation's forms (with their campaign, list, authors and submission counts). */
function formsOf(db: Db, orgId: number) {
  return db
    .selectFrom('forms as f')
    .leftJoin('campaigns as c', 'c.id', 'f.campaign_id')
    .leftJoin('contact_lists as l', 'l.id', 'f.list_id')
    .leftJoin('users as cu', 'cu.id', 'f.created_by')
    .leftJoin('users as uu', 'uu.id', 'f.updated_by')
    .where('f.org_id', '=', orgId)
    .select([
      'f.id',
      'f.public_id',
      'f.name',
      'f.campaign_id',
      'c.name as campaign_name',
      'f.list_id',
      'l.name as list_name',
      'f.fields',
      'f.created_at',
      'f.updated_at',
      'cu.first_name as created_first',
      'cu.last_name as created_last',
      'uu.first_name as updated_first',
      'uu.last_name as updated_last',
      (eb) =>
        eb
          .selectFrom('form_submissions as s')
          .whereRef('s.form_id', '=', 'f.id')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .as('submissions'),
    ]);
}

type FormRow = Awaited<ReturnType<ReturnType<typeof formsOf>['executeTakeFirstOrThrow']>>;

function toSummary(row: FormRow, publicOrigin: string): FormSummary {
  return {
    id: row.id,
    name: row.name,
    campaign_id: row.campaign_id,
    campaign_name: row.campaign_name,
    list_id: row.list_id,
    list_name: row.list_name,
    fields: row.fields as FormField[],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: fullName(row.created_first, row.created_last),
    updated_by: fullName(row.updated_first, row.updated_last),
    form_url: hostedFormUrl(publicOrigin, row.public_id),
    submissions: Number(row.submissions ?? 0),
  };
}

/** A page of the organisation's forms, most recently changed first, optionally searched by name. */
export async function listForms(
  db: Db,
  orgId: number,
  page: { offset: number; limit: number; search: string },
  publicOrigin: string,
): Promise<{ total: number; rows: FormSummary[] }> {
  let rows = formsOf(db, orgId);
  if (page.search) rows = rows.where(sql<boolean>`strpos(lower(f.name), ${page.search.toLowerCase()}) > 0`);
  const found = await listingPage(db, rows.orderBy('f.updated_at', 'desc').orderBy('f.id', 'desc'), page);
  return { total: found.total, rows: found.rows.map((row) => toSummary(row, publicOrigin)) };
}

/** The organisation's form; another organisation's, or none, is a 404. */
export async function ownForm(
  db: Db,
  orgId: number,
  formId: number,
  publicOrigin: string,
): Promise<FormSummary> {
  const form = await findForm(db, orgId, formId, publicOrigin);
  if (!form) throw notFound('Form not found.');
  return form;
}

export async function findForm(
  db: Db,
  orgId: number,
  formId: number,
  publicOrigin: string,
): Promise<FormSummary | null> {
  const row = await formsOf(db, orgId).where('f.id', '=', formId).executeTakeFirst();
  return row ? toSummary(row, publicOrigin) : null;
}

/** The list and campaign a form points at must be the organisation's own: the ids that are not. */
export async function foreignReferences(
  db: Db,
  orgId: number,
  refs: { listId: number | null; campaignId: number | null },
): Promise<{ list: boolean; campaign: boolean }> {
  const [list, campaign] = await Promise.all([
    refs.listId === null
      ? null
      : db
          .selectFrom('contact_lists')
          .select('id')
          .where('id', '=', refs.listId)
          .where('org_id', '=', orgId)
          .executeTakeFirst(),
    refs.campaignId === null
      ? null
      : db
          .selectFrom('campaigns')
          .select('id')
          .where('id', '=', refs.campaignId)
          .where('org_id', '=', orgId)
          .executeTakeFirst(),
  ]);
  return { list: refs.listId !== null && !list, campaign: refs.campaignId !== null && !campaign };
}

export type FormInput = {
  name: string;
  campaignId: number | null;
  listId: number | null;
  fields: FormField[];
};

/** A form's submissions in a date range (inclusive days, in UTC), newest first. */
export async function listSubmissions(
  db: Db,
  formId: number,
  page: { offset: number; limit: number; from: Date | null; to: Date | null },
): Promise<{ total: number; rows: FormSubmission[] }> {
  let base = db.selectFrom('form_submissions as s').where('s.form_id', '=', formId);
  if (page.from) base = base.where('s.created_at', '>=', page.from);
  if (page.to) base = base.where('s.created_at', '<', page.to);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('contacts as c', 'c.id', 's.contact_id')
      .select([
        's.id',
        's.contact_id',
        's.answers',
        's.consent',
        's.origin',
        's.origin_domain',
        's.created_at',
        'c.first_name',
        'c.last_name',
        'c.email',
        (eb) =>
          eb
            .selectFrom('preferences as p')
            .whereRef('p.contact_id', '=', 's.contact_id')
            .select('p.uuid')
            .orderBy('p.created_at')
            .limit(1)
            .as('unsub_uuid'),
      ])
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return {
    total: Number(total.n),
    rows: rows.map((row) => {
      const answers = (row.answers ?? {}) as Record<string, string>;
      const first = row.first_name ?? answers.first_name ?? '';
      const last = row.last_name ?? answers.last_name ?? '';
      return {
        contact_id: row.contact_id,
        first_name: first,
        last_name: last,
        full_name: `${first} ${last}`.trim() || (answers.full_name ?? ''),
        email: row.email ?? answers.email ?? '',
        created_on: row.created_at.toISOString(),
        person_id: row.id,
        origin: row.origin,
        origin_domain: row.origin_domain,
        consent: row.consent,
        unsub_uuid: row.unsub_uuid ?? null,
      };
    }),
  };
}

/** A hosted form by its public id, with what its page shows of the organisation; null when unknown. */
export async function hostedFormByPublicId(
  db: Db,
  publicId: string,
): Promise<{ form: HostedForm; id: number; orgId: number; listId: number | null } | null> {
  const row = await db
    .selectFrom('forms as f')
    .innerJoin('organisations as o', 'o.id', 'f.org_id')
    .where('f.public_id', '=', publicId)
    .select([
      'f.id',
      'f.org_id',
      'f.list_id',
      'f.name',
      'f.fields',
      'o.name as org_name',
      'o.logo_image_url',
      'o.privacy_url',
    ])
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    orgId: row.org_id,
    listId: row.list_id,
    form: {
      publicId,
      name: row.name,
      organisationName: row.org_name,
      logoUrl: row.logo_image_url,
      privacyUrl: row.privacy_url,
      fields: row.fields as FormField[],
    },
  };
}

/** What a form can point at: the organisation's lists and campaigns, by name. */
export async function formOptions(
  db: Db,
  orgId: number,
): Promise<{ lists: { id: number; name: string }[]; campaigns: { id: number; name: string }[] }> {
  const [lists, campaigns] = await Promise.all([
    db
      .selectFrom('contact_lists')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('campaigns')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  return { lists, campaigns };
}
