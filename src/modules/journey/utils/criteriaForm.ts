import { type JourneyCriteria, journeyCriteriaSchema } from '../../../../domain/journeyScoring.ts';
import type { JourneyActivity } from '../journeyActivityLabels.ts';

/** The criteria as the editor's fields hold them: numbers as typed, so "-" or "" can be on the way. */
export type CriteriaForm = { [K in JourneyActivity]: string } & {
  page_patterns: { pattern: string; points: string }[];
  half_life_days: string;
  stages: { name: string; min_score: string }[];
};

/**
 * A field's message by its path ("email_open", "stages.2.min_score"); what concerns the stages as a whole
 * (their order, two of one name, the first threshold) is under "stages".
 */
export type CriteriaErrors = Record<string, string>;

export type CriteriaCheck = { ok: true; criteria: JourneyCriteria } | { ok: false; errors: CriteriaErrors };

export function criteriaForm(criteria: JourneyCriteria): CriteriaForm {
  return {
    email_open: String(criteria.email_open),
    email_click: String(criteria.email_click),
    form_submission: String(criteria.form_submission),
    page_view: String(criteria.page_view),
    unsubscribe: String(criteria.unsubscribe),
    page_patterns: criteria.page_patterns.map((p) => ({ pattern: p.pattern, points: String(p.points) })),
    half_life_days: String(criteria.half_life_days),
    stages: criteria.stages.map((s) => ({ name: s.name, min_score: String(s.min_score) })),
  };
}

/** A service message about one field ("email_open must be at least -1000.") as read under that field. */
const underField = (message: string) => message.replace(/^.*? must be /, 'Must be ');

/**
 * The criteria the fields name, checked by the schema the service checks them with (journeyCriteriaSchema:
 * it reads the typed digits itself), or each wrong field's message.
 */
export function checkCriteria(form: CriteriaForm): CriteriaCheck {
  const parsed = journeyCriteriaSchema.safeParse(form);
  if (parsed.success) return { ok: true, criteria: parsed.data };
  const errors: CriteriaErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.length > 0 ? issue.path.join('.') : 'stages';
    errors[path] ??= issue.path.length > 0 ? underField(issue.message) : issue.message;
  }
  return { ok: false, errors };
}
