import { z } from 'zod';

/** A page pattern's points: a visit to a page whose path matches `pattern` ("*" matches any text). */
export type JourneyPagePattern = { pattern: string; points: number };

/** A buyer stage: a contact whose engagement score is at least min_score (and below the next) is in it. */
export type JourneyStage = { name: string; min_score: number };

/** The organisation's scoring criteria (the defaults until it saves its own). */
export type JourneyCriteria = {
  email_open: number;
  email_click: number;
  form_submission: number;
  page_view: number;
  /** Points an unsubscribe gives: zero or negative. */
  unsubscribe: number;
  page_patterns: JourneyPagePattern[];
  half_life_days: number;
  /** In ascending order of min_score; the first starts at 0. */
  stages: JourneyStage[];
};

/** The activities that give points, in the editor's order, with their labels. */
export const JOURNEY_ACTIVITY_POINTS = [
  { key: 'email_open', label: 'Email open' },
  { key: 'email_click', label: 'Email click' },
  { key: 'form_submission', label: 'Form submission' },
  { key: 'page_view', label: 'Page view' },
  { key: 'unsubscribe', label: 'Unsubscribe' },
] as const satisfies readonly { key: keyof JourneyCriteria; label: string }[];
export type JourneyActivity = (typeof JOURNEY_ACTIVITY_POINTS)[number]['key'];

export const DEFAULT_JOURNEY_STAGES: readonly JourneyStage[] = [
  { name: 'Unaware', min_score: 0 },
  { name: 'Aware', min_score: 5 },
  { name: 'Interested', min_score: 20 },
  { name: 'Considering', min_score: 50 },
  { name: 'Ready', min_score: 100 },
];

export const MAX_PAGE_PATTERNS = 50;
export const MAX_JOURNEY_STAGES = 10;

const points = z.number().int('Use whole points.').min(-1000, 'At least -1000.').max(1000, 'At most 1000.');

/**
 * The criteria as the editor and criteria/ and criteria_preview/ take them: whole points from -1000 to
 * 1000 (an unsubscribe zero or below), page patterns starting with "/", a half-life of 1 to 3650 days,
 * and 1 to 10 stages with distinct names whose thresholds start at 0 and rise.
 */
export const journeyCriteriaSchema = z.object({
  email_open: points,
  email_click: points,
  form_submission: points,
  page_view: points,
  unsubscribe: points.max(0, 'An unsubscribe takes points away: use 0 or less.'),
  page_patterns: z
    .array(
      z.object({
        pattern: z
          .string()
          .trim()
          .min(1, 'Enter a page path such as /pricing or /blog/*.')
          .max(200, 'At most 200 characters.')
          .startsWith('/', 'A page pattern starts with / (the path after the domain).'),
        points,
      }),
    )
    .max(MAX_PAGE_PATTERNS, `At most ${MAX_PAGE_PATTERNS} page patterns.`),
  half_life_days: z.number().int('Use whole days.').min(1, 'At least 1 day.').max(3650, 'At most 3650 days.'),
  stages: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'Name the stage.').max(40, 'At most 40 characters.'),
        min_score: z.number().int('Use whole points.').min(0, 'At least 0.'),
      }),
    )
    .min(1, 'Keep at least one stage.')
    .max(MAX_JOURNEY_STAGES, `At most ${MAX_JOURNEY_STAGES} stages.`)
    .superRefine((stages, ctx) => {
      if (stages[0] && stages[0].min_score !== 0)
        ctx.addIssue({ code: 'custom', path: [0, 'min_score'], message: 'The first stage starts at 0.' });
      stages.forEach((stage, i) => {
        const before = stages[i - 1];
        if (before && stage.min_score <= before.min_score)
          ctx.addIssue({
            code: 'custom',
            path: [i, 'min_score'],
            message: `Above the ${before.name || 'previous'} stage’s ${before.min_score}.`,
          });
        if (stages.findIndex((s) => s.name.trim().toLowerCase() === stage.name.trim().toLowerCase()) < i)
          ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'Another stage has this name.' });
      });
    }),
});

export const DEFAULT_JOURNEY_CRITERIA: JourneyCriteria = {
  email_open: 1,
  email_click: 3,
  form_submission: 10,
  page_view: 1,
  unsubscribe: -20,
  page_patterns: [{ pattern: '/pricing*', points: 5 }],
  half_life_days: 30,
  stages: DEFAULT_JOURNEY_STAGES.map((stage) => ({ ...stage })),
};

/** A bulk recompute of every contact's score after a criteria change. */
export type JourneyRecomputeJob = {
  id: number;
  state: 'queued' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
};

/** POST criteria/: the criteria saved and the recompute it queued. */
export type JourneyCriteriaSaveAnswer = { criteria: JourneyCriteria; job: JourneyRecomputeJob };

/** A stage with the number of contacts in it. */
export type JourneyStageCount = JourneyStage & { contacts: number };

/** POST criteria_preview/: how many contacts each stage would hold under the criteria sent. */
export type JourneyCriteriaPreviewAnswer = { stages: JourneyStageCount[] };

/** One contact of the overview. */
export type JourneyOverviewRow = {
  contact_id: number;
  full_name: string;
  contact_email: string;
  account_id: number | null;
  company_name: string | null;
  engagement_score: number;
  buyer_stage: string;
  last_activity: string | null;
};

/** GET overview/: contacts per stage, and a page of the contacts (of one stage when filtered). */
export type JourneyOverviewAnswer = {
  stages: JourneyStageCount[];
  total_records: number;
  result: JourneyOverviewRow[];
};
