import type { JourneyCriteria, RecomputeJob, StageCount } from './journeyScoring.ts';

/** POST criteria/: the criteria saved and the recompute of every score it queued. */
export type JourneyCriteriaSaved = { criteria: JourneyCriteria; job: RecomputeJob };

/** POST criteria_preview/: how many contacts each stage would hold under the criteria sent. */
export type JourneyCriteriaPreview = { stages: StageCount[] };
