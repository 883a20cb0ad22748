import {
  type JourneyActivity,
  type JourneyCriteria,
  journeyCriteriaSchema,
} from '../../../../domain/journeyScoring.ts';

/** The criteria as the editor's fields hold them: numbers as typed, so "-" or "" can be on the way. */
export type CriteriaForm = Record<JourneyActivity, string> & {
  page_patterns: { pattern: string; points: string }[];
  half_life_days: string;
  stages: { name: string; min_score: string }[];
};

/** A field's message by its path ("email_open", "stages.2.min_score", "page_patterns"). */
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

/** A typed number: blank or not a number is NaN, which the schema refuses with "Enter a number". */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The criteria the fields name, checked by the schema the service checks them with (journeyCriteriaSchema),
 * or each wrong field's message.
 */
export function checkCriteria(form: CriteriaForm): CriteriaCheck {
  const parsed = journeyCriteriaSchema.safeParse({
    email_open: numberOf(form.email_open),
    email_click: numberOf(form.email_click),
    form_submission: numberOf(form.form_submission),
    page_view: numberOf(form.page_view),
    unsubscribe: numberOf(form.unsubscribe),
    page_patterns: form.page_patterns.map((p) => ({ pattern: p.pattern, points: numberOf(p.points) })),
    half_life_days: numberOf(form.half_life_days),
    stages: form.stages.map((s) => ({ name: s.name, min_score: numberOf(s.min_score) })),
  });
  if (parsed.success) return { ok: true, criteria: parsed.data };
  const errors: CriteriaErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    const message = issue.code === 'invalid_type' ? 'Enter a number.' : issue.message;
    errors[path] ??= message;
  }
  return { ok: false, errors };
}
