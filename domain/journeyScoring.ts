import { z } from 'zod';
import { BUYER_STAGES } from './audiencePeople.ts';
import { positiveIdField, wholeNumberField } from './wholeNumberField.ts';

/**
 * Lead scoring of the buyer journey (docs/journey.md): points per activity, decayed by a half-life, and
 * buyer stages by score thresholds. Shared by the server (scoring, the calls) and the scoring screen.
 */

/** What a point of a score comes from (a journey_points row's kind; a page view's include its pattern's). */
export const JOURNEY_POINT_KINDS = [
  'email_open',
  'email_click',
  'form_submission',
  'page_view',
  'unsubscribe',
] as const;
export type JourneyPointKind = (typeof JOURNEY_POINT_KINDS)[number];

/** A visit to a page whose path matches `pattern` ('*' matches any run of characters) gives `points`. */
export type PagePattern = { pattern: string; points: number };
/** A stage holds the contacts whose score is at least min_score (and below the next stage's). */
export type JourneyStage = { name: string; min_score: number };

export type JourneyCriteria = {
  email_open: number;
  email_click: number;
  form_submission: number;
  page_view: number;
  /** Zero or negative: an unsubscribe takes points away. */
  unsubscribe: number;
  page_patterns: PagePattern[];
  /** After this many days a point is worth half (decay). */
  half_life_days: number;
  /** Ascending by min_score; the first holds every score below the second's. */
  stages: JourneyStage[];
};

/** The stages an organisation starts with: the people screens' buyer stages, by score. */
export const DEFAULT_JOURNEY_STAGES: readonly JourneyStage[] = [
  { name: BUYER_STAGES[0], min_score: 0 },
  { name: BUYER_STAGES[1], min_score: 3 },
  { name: BUYER_STAGES[2], min_score: 8 },
  { name: BUYER_STAGES[3], min_score: 15 },
  { name: BUYER_STAGES[4], min_score: 30 },
  { name: BUYER_STAGES[5], min_score: 50 },
];

/** The criteria of an organisation that has not changed them. */
export const DEFAULT_JOURNEY_CRITERIA: JourneyCriteria = {
  email_open: 1,
  email_click: 3,
  form_submission: 10,
  page_view: 1,
  unsubscribe: -10,
  page_patterns: [
    { pattern: '/pricing*', points: 10 },
    { pattern: '/demo*', points: 15 },
  ],
  half_life_days: 30,
  stages: DEFAULT_JOURNEY_STAGES.map((stage) => ({ ...stage })),
};

export const MAX_PAGE_PATTERNS = 20;
export const MAX_STAGES = 10;
const MAX_POINTS = 1000;

/** Up to a point, as a criteria value. */
const pointsField = (field: string, min = -MAX_POINTS) => wholeNumberField(field, { min, max: MAX_POINTS });

const pagePatternSchema = z.object({
  pattern: z
    .string({ error: 'A page pattern must be a text.' })
    .trim()
    .min(1, 'A page pattern must not be empty.')
    .max(200, 'A page pattern must be at most 200 characters.')
    .refine((value) => value.startsWith('/'), 'A page pattern is a path starting with /, e.g. /pricing*.'),
  points: pointsField('Page pattern points'),
});

const stageSchema = z.object({
  name: z
    .string({ error: 'A stage name must be a text.' })
    .trim()
    .min(1, 'A stage needs a name.')
    .max(40, 'A stage name must be at most 40 characters.'),
  min_score: wholeNumberField('A stage threshold', { min: 0, max: 1_000_000 }),
});

/** The criteria as POST criteria/ and criteria_preview/ take them (JSON). */
export const journeyCriteriaSchema = z
  .object({
    email_open: pointsField('email_open'),
    email_click: pointsField('email_click'),
    form_submission: pointsField('form_submission'),
    page_view: pointsField('page_view'),
    unsubscribe: wholeNumberField('unsubscribe', { min: -MAX_POINTS, max: 0 }),
    page_patterns: z
      .array(pagePatternSchema, { error: 'page_patterns must be a list of { pattern, points }.' })
      .max(MAX_PAGE_PATTERNS, `At most ${MAX_PAGE_PATTERNS} page patterns.`),
    half_life_days: wholeNumberField('half_life_days', { min: 1, max: 3650 }),
    stages: z
      .array(stageSchema, { error: 'stages must be a list of { name, min_score }.' })
      .min(1, 'At least one stage.')
      .max(MAX_STAGES, `At most ${MAX_STAGES} stages.`),
  })
  .superRefine((criteria, ctx) => {
    const names = new Set<string>();
    criteria.stages.forEach((stage, index) => {
      const key = stage.name.toLowerCase();
      if (names.has(key)) ctx.addIssue({ code: 'custom', message: `Two stages are named ${stage.name}.` });
      names.add(key);
      const previous = criteria.stages[index - 1];
      if (previous && stage.min_score <= previous.min_score)
        ctx.addIssue({
          code: 'custom',
          message: `Stage ${stage.name} must start above ${previous.name} (${previous.min_score}).`,
        });
    });
    if ((criteria.stages[0]?.min_score ?? 0) !== 0)
      ctx.addIssue({ code: 'custom', message: 'The first stage starts at 0.' });
  });

export const recomputeQuerySchema = z.object({ job_id: positiveIdField('job_id') });

/** The state of a bulk recompute (GET recompute/, and POST criteria/'s job). */
export type RecomputeJob = {
  id: number;
  state: 'queued' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
};

export type StageCount = JourneyStage & { contacts: number };

/** The stage a score falls in: the last stage whose threshold it reaches (the first below all of them). */
export function stageOf(score: number, stages: readonly JourneyStage[]): string {
  let name = stages[0]?.name ?? BUYER_STAGES[0];
  for (const stage of stages) if (score >= stage.min_score) name = stage.name;
  return name;
}

/** What a point given `ageDays` ago is worth now: points * 0.5^(age / half-life); a future point is whole. */
export function decayed(points: number, ageDays: number, halfLifeDays: number): number {
  return points * 0.5 ** (Math.max(0, ageDays) / halfLifeDays);
}

/** True when a page path matches a pattern ('*' any run of characters; case-insensitive; whole path). */
export function matchesPagePattern(path: string, pattern: string): boolean {
  const source = pattern
    .toLowerCase()
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(path.toLowerCase());
}

const pageField = () => wholeNumberField('page', { min: 1, max: 50_000 }).default(1);
const pageSizeField = () => wholeNumberField('page_size', { min: 1, max: 100 }).default(20);

/** GET overview/: a page of the organisation's contacts by score, of one stage or all. */
export const journeyOverviewQuerySchema = z.object({
  buyer_stage_filter: z.string().trim().max(40, 'buyer_stage_filter is at most 40 characters.').default(''),
  search: z.string().trim().max(200, 'search is at most 200 characters.').default(''),
  page: pageField(),
  page_size: pageSizeField(),
});

export type JourneyOverviewRow = {
  contact_id: number;
  full_name: string;
  contact_email: string;
  account_id: number | null;
  company_name: string | null;
  engagement_score: number;
  buyer_stage: string;
  /** ISO time of the contact's latest scored activity; null: none. */
  last_activity: string | null;
};

export type JourneyOverview = { stages: StageCount[]; total_records: number; result: JourneyOverviewRow[] };

/** GET buyer_journey_trail/: a contact's scored activities, newest first. */
export const journeyTrailQuerySchema = z.object({
  contact_id: positiveIdField('contact_id'),
  page: pageField(),
  page_size: pageSizeField(),
});

export type JourneyTrailItem = {
  /** The activity row's id (a key for lists). */
  id: number;
  kind: JourneyPointKind;
  /** ISO time of the activity. */
  at: string;
  points: number;
  /** What happened, in words ("Opened Weekly digest", "Viewed /pricing"). */
  label: string;
  url?: string;
  email_name?: string;
};

export type JourneyTrail = { total_records: number; result: JourneyTrailItem[] };
