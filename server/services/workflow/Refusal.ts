import type { PublishProblem } from '../../../domain/workflowTypes.ts';

/** A workflow use case's refusal: the message the UI shows, and for publishing, the steps at fault. */
export type Refusal = { ok: false; message: string; error_publish_nodes?: PublishProblem[] };
