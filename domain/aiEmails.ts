import {
  AI_FAILURES,
  type AiGenerationState,
  type AiGenerationSummary,
  type AiProgress,
  type AiVariant,
  type PersonalitySuggestion,
} from './aiEmailSchemas.ts';
import { AI_PERSONALITIES } from './aiPersonalities.ts';
import type { PreflightFinding } from './editionSend.ts';

/** The failure texts of the AI calls, exactly as the server answers them (shown where they happen). */
export const AI_FAILURE_TEXTS = AI_FAILURES;

/** How long create_ai_email/ may run before the client gives up waiting (the server's own limit). */
export const AI_CREATION_TIMEOUT_MS = 300_000;
/** How often the progress of a running generation is asked. */
export const AI_PROGRESS_POLL_MS = 1_000;

/** A generation as get_ai_emails/ answers it; its variants; its progress: the server's own types. */
export type AiGeneration = AiGenerationSummary;
export type { AiGenerationState, AiProgress, AiVariant, PersonalitySuggestion };

/** get_ai_emails/?generation_id: the generation and its variants. */
export type AiEmails = { generation: AiGeneration; emails: AiVariant[] };

/** create_ai_email/'s answer (it waits for the generation). */
export type AiCreation = { generation_id: number; campaign_id: number; emails: AiVariant[] };

/** The personality a variant is for (its colour and code), by its type's name. */
export function personalityOfType(type: string) {
  return AI_PERSONALITIES.find((p) => p.type === type) ?? null;
}

/** publish_ai_email/'s answer: one send per variant, to its own segment. */
export type AiSent = {
  generation_id: number;
  sends: {
    email_id: number;
    version_id: number;
    ai_type: string;
    recipients: number;
    send_id: number;
    status: string;
  }[];
};

/** preflight_ai_email/'s answer: each variant's send checks with its segment as its audience. */
export type AiPreflight = {
  generation_id: number;
  variants: {
    email_id: number;
    version_id: number;
    ai_type: string;
    recipients: number;
    errors: PreflightFinding[];
    warnings: PreflightFinding[];
  }[];
};
