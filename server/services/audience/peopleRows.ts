import { type Kysely, sql, type Transaction } from 'kysely';
import type { PersonalityTypeName, PersonRow } from '../../../domain/audiencePeople.ts';
import { noMarketingConsent } from '../../db/noMarketingConsent.ts';
import type { ContactStatus, Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** Contacts `c` with their account `a`, selected as people rows. */
export function peopleRows(db: Db) {
  return db
    .selectFrom('contacts as c')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .select([
      'c.id as contact_id',
      'c.first_name',
      'c.last_name',
      'c.email',
      'c.designation',
      'a.name as organization',
      'c.account_id',
      'a.website as company_website',
      'c.industry',
      'a.revenue',
      'c.personality_type',
      'c.personality',
      'c.phone_number',
      'c.status',
      'c.buyer_stage',
      'c.engagement_score',
      'c.linkedin_url',
      'c.twitter_url',
      'c.country',
      'c.custom_fields',
      'c.created_at',
      sql<boolean>`not ${noMarketingConsent}`.as('marketing_consent'),
    ]);
}

/** A people row as the database answers it, before toPersonRow names and formats its fields. */
type RawPerson = Omit<
  PersonRow,
  'full_name' | 'contact_email' | 'personality_type' | 'status' | 'created_on' | 'is_list_contact'
> & {
  email: string;
  personality_type: string | null;
  status: ContactStatus;
  created_at: Date | string;
};

export function toPersonRow(row: RawPerson): PersonRow {
  return {
    contact_id: row.contact_id,
    full_name: `${row.first_name} ${row.last_name}`.trim(),
    first_name: row.first_name,
    last_name: row.last_name,
    contact_email: row.email,
    designation: row.designation,
    organization: row.organization,
    account_id: row.account_id,
    company_website: row.company_website,
    industry: row.industry,
    revenue: row.revenue,
    personality_type: row.personality_type as PersonalityTypeName | null,
    personality: row.personality,
    phone_number: row.phone_number,
    status: row.status,
    buyer_stage: row.buyer_stage,
    engagement_score: row.engagement_score,
    linkedin_url: row.linkedin_url,
    twitter_url: row.twitter_url,
    country: row.country,
    custom_fields: row.custom_fields,
    created_on: iso(row.created_at),
    marketing_consent: row.marketing_consent,
  };
}
