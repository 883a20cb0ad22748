import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type {
  CustomColumn,
  DuplicatePolicy,
  ImportMapping,
  ImportRowOutcome,
  ImportStatus,
} from '../../../domain/contactImport.ts';
import type { CreatedAt, UpdatedAt } from './columns.ts';

/** The audience: accounts, contacts, facets, lists, imports, sales groups, hosted forms. */

export type AccountTable = {
  id: Generated<number>;
  org_id: number;
  name: string;
  website: string | null;
  industry: string | null;
  revenue: string | null;
  /** Stored lower(name), for prefix search. */
  name_lower: GeneratedAlways<string>;
  /** Stored: the website's lower-case host without "www." (m0033), how an import matches a company. */
  domain: GeneratedAlways<string | null>;
  created_at: CreatedAt;
};

export type PersonalityType = 'Dominant' | 'Influencer' | 'Steady' | 'Conscientious' | 'Others';
export type ContactStatus = 'Subscribed' | 'Hard Bounce' | 'Unsubscribed';

export type ContactTable = {
  id: Generated<number>;
  org_id: number;
  account_id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  designation: string | null;
  phone_number: string | null;
  industry: string | null;
  personality_type: PersonalityType | null;
  personality: string;
  buyer_stage: string;
  status: ContactStatus;
  /**
   * The shown score: contact_scores' exact one rounded, as of the last restage (server/services/journey:
   * kept by the scoring, never set by hand).
   */
  engagement_score: number;
  linkedin_url: string | null;
  twitter_url: string | null;
  /** m0033. */
  country: ColumnType<string | null, string | null | undefined, string | null>;
  /** Columns of an imported file that are no contact field, name -> text (m0033). Written as a JSON text. */
  custom_fields: ColumnType<Record<string, string>, string | undefined, string>;
  /** Stored lower-case full name, last name and address (prefix search and the name sort). */
  full_name_lower: GeneratedAlways<string>;
  last_name_lower: GeneratedAlways<string>;
  email_lower: GeneratedAlways<string>;
  created_at: CreatedAt;
};

/** How many contacts of an organisation's people tab have a filter value (m0018; kept by triggers). */
export type AudienceFacetTable = {
  org_id: number;
  /** A people filter category, or 'account' (value: the account id). */
  category: string;
  value: string;
  tab: 'all' | 'profiled' | 'unprofiled';
  n: string;
};

export type ContactListTable = {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  name: string;
  is_active: boolean;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Place in the Lists screen, highest first (m0015): new lists on top, a clone right after its original. */
  position: ColumnType<number, number | undefined, number>;
  /** The user who last sent to the list, and when (m0015). */
  last_used_by: ColumnType<number | null, number | null | undefined, number | null>;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

/** An email an edition send queued to a member of a list of its audience (m0031): what was sent to the list. */
export type ListSendTable = {
  list_id: number;
  send_id: number;
};

/** A CSV import of contacts (m0015): a background job; see server/services/audience/importRunner.ts. */
export type AudienceImportTable = {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  list_id: number | null;
  file_name: string;
  status: ColumnType<ImportStatus, ImportStatus | undefined, ImportStatus>;
  /** Field -> column index. Written as a JSON text. */
  mapping: ColumnType<ImportMapping, string | undefined, string>;
  /** The file's header cells (for the refused-rows download). Written as a JSON text. */
  headers: ColumnType<string[], string | undefined, string>;
  has_header: ColumnType<boolean, boolean | undefined, boolean>;
  total_rows: ColumnType<number, number | undefined, number>;
  processed_rows: ColumnType<number, number | undefined, number>;
  inserted: ColumnType<number, number | undefined, number>;
  updated: ColumnType<number, number | undefined, number>;
  refused: ColumnType<number, number | undefined, number>;
  error: string | null;
  /** What happens to the rows of an email the file repeats (m0033). */
  duplicate_policy: ColumnType<DuplicatePolicy, DuplicatePolicy | undefined, DuplicatePolicy>;
  /** The columns kept as custom fields. Written as a JSON text. */
  custom_columns: ColumnType<CustomColumn[], string | undefined, string>;
  /** The file's separator; null: found by the job. */
  delimiter: string | null;
  /** Rows left out because the file repeats their email (the choice above). */
  duplicates: ColumnType<number, number | undefined, number>;
  /** Rows with no value in any cell. */
  empty_rows: ColumnType<number, number | undefined, number>;
  /** The job's place in the file: the character after the last row written. */
  cursor_char: ColumnType<number, number | undefined, number>;
  /** The job has found the file's duplicates (recorded as refusals of kind 'duplicate'). */
  scanned: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

export type AudienceImportChunkTable = { import_id: number; seq: number; body: string };

export type AudienceImportRefusalTable = {
  import_id: number;
  row_number: number;
  reason: string;
  /** The row's cells. Written as a JSON text. */
  cells: ColumnType<string[], string, string>;
  /** Refused by the check, or left out as a duplicate (m0033). */
  kind: ColumnType<ImportRowOutcome, ImportRowOutcome | undefined, ImportRowOutcome>;
};

export type ListContactTable = {
  list_id: number;
  contact_id: number;
  added_at: CreatedAt;
};

/** A sales-team group of an organisation's users (m0016). */
export type SalesGroupTable = {
  id: Generated<number>;
  org_id: number;
  name: string;
  is_deletable: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type SalesGroupUserTable = {
  group_id: number;
  user_id: number;
  added_at: CreatedAt;
};

/** A form of an organisation, hosted at /f/{public_id} (m0017). fields: the form's fields (jsonb). */
export type FormTable = {
  id: Generated<number>;
  org_id: number;
  public_id: string;
  name: string;
  campaign_id: number | null;
  list_id: number | null;
  fields: ColumnType<unknown, string, string>;
  created_by: number | null;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

/** One submission of a hosted form (m0017). answers: the posted values by field key (jsonb). */
export type FormSubmissionTable = {
  id: Generated<number>;
  form_id: number;
  org_id: number;
  contact_id: number | null;
  answers: ColumnType<unknown, string, string>;
  consent: ColumnType<boolean, boolean | undefined, boolean>;
  origin: string | null;
  origin_domain: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
};
