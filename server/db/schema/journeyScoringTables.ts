import type { ColumnType, Generated } from 'kysely';
import type { JourneyPointKind, JourneyStage, PagePattern } from '../../../domain/journeyScoring.ts';
import type { CreatedAt, UpdatedAt } from './columns.ts';

/** Lead scoring of the buyer journey (m0061): criteria, points, progress of the catch-up, recomputes. */

export type JourneyCriteriaTable = {
  org_id: number;
  email_open: number;
  email_click: number;
  form_submission: number;
  page_view: number;
  unsubscribe: number;
  /** jsonb: written as a JSON text. */
  page_patterns: ColumnType<PagePattern[], string, string>;
  half_life_days: number;
  /** jsonb: written as a JSON text. */
  stages: ColumnType<JourneyStage[], string, string>;
  updated_at: UpdatedAt;
};

/**
 * One scored activity of a contact (the explanation of a score, m0067): the points it gives follow from
 * the organisation's criteria when read (services/journey/scoringSql.ts), so a criteria change rewrites none.
 */
export type JourneyPointsTable = {
  id: ColumnType<string | number, never, never>;
  org_id: number;
  contact_id: number;
  kind: JourneyPointKind;
  /** The email_event, form_submissions or page_view row that gave the points. */
  source_id: ColumnType<string | number, number, number>;
  at: ColumnType<Date, Date | string, Date | string>;
  /** A page view's path (matched against the page patterns when read); null for other kinds. */
  label: string | null;
};

/** A scored contact's exact decayed score as of score_at (m0067; no row: a score of 0). */
export type ContactScoresTable = {
  contact_id: number;
  org_id: number;
  score_raw: number;
  score_at: ColumnType<Date, Date | string, Date | string>;
};

export type JourneyProgressTable = {
  id: number;
  last_event_id: ColumnType<string | number, number | undefined, number>;
  last_page_view_id: ColumnType<string | number, number | undefined, number>;
  last_form_submission_id: ColumnType<string | number, number | undefined, number>;
  updated_at: UpdatedAt;
};

export type JourneyRecomputeTable = {
  id: Generated<number>;
  org_id: number;
  state: ColumnType<'queued' | 'running' | 'done' | 'failed', 'queued' | undefined, string>;
  done: ColumnType<number, number | undefined, number>;
  total: ColumnType<number, number | undefined, number>;
  error: string | null;
  created_at: CreatedAt;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};
