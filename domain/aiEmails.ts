import { AI_PERSONALITIES, type AiPersonalityType } from './aiPersonalities.ts';

/** The failure texts of the AI calls, exactly as the server answers them (shown where they happen). */
export const AI_FAILURE_TEXTS = {
  emptyAudience: 'Provide valid Audience for AI Email creation',
  noNewPersonality: 'No new personality found!',
  providerFailed: 'AI_GENERATIVE_EMAIL_API Failed!!',
  segregationAudience: 'Provide valid Audience for Audience segregation',
  creationFailed: 'AI Emails Creation Unsuccessful!!',
} as const;

/** How long create_ai_email/ may run before the client gives up waiting (the server's own limit). */
export const AI_CREATION_TIMEOUT_MS = 300_000;
/** How often the progress of a running generation is asked. */
export const AI_PROGRESS_POLL_MS = 1_000;

/** The composer that wrote a generation: the built-in composer, or a model ('model:<name>'). */
export type AiComposerName = 'built-in' | `model:${string}`;

/** What the screen says wrote the variants: never that the built-in composer is a model. */
export function composerLabel(composer: string): string {
  if (composer === 'built-in') return 'Built-in composer, no language model configured';
  const model = composer.startsWith('model:') ? composer.slice('model:'.length) : composer;
  return `Written by the language model ${model}`;
}

export type AiGenerationState = 'running' | 'done' | 'failed' | 'cancelled';

/** One variant of a generation, as get_ai_emails/ and regenerate_ai_email/ answer it. */
export type AiVariant = {
  email_id: number;
  version_id: number;
  email_name: string;
  subject: string;
  preheader: string;
  /** The personality's name (Dominant ... Others). */
  ai_type: AiPersonalityType;
  /** ADVA, AIVA, ASVA, ACVA, AOVA. */
  ai_code: string;
  ai_color: string;
  segment_size: number;
  is_reviewed: boolean;
  last_visited: string | null;
  thumbnail?: string | null;
};

export type AiGeneration = {
  generation_id: number;
  name: string;
  prompt: string;
  campaign_id: number;
  composer: string;
  state: AiGenerationState;
  created_on: string;
  reviewed: boolean;
};

/** get_ai_emails/?generation_id: the generation and its variants. */
export type AiEmails = { generation: AiGeneration; emails: AiVariant[] };

/** create_ai_email/'s answer (it waits for the generation). */
export type AiCreation = { generation_id: number; campaign_id: number; emails: AiVariant[] };

/** ai_email_progress/?ai_id: how far a running generation is. */
export type AiProgress = {
  state: AiGenerationState;
  done: number;
  total: number;
  generation_id: number | null;
};

/** suggest_personality/: one suggestion per contact, accepted (or not) by the user. */
export type PersonalitySuggestion = {
  contact_id: number;
  personality_type: AiPersonalityType;
  reason: string;
};

/** The personality a variant is for (its colour and code), by its type's name. */
export function personalityOfType(type: string) {
  return AI_PERSONALITIES.find((p) => p.type === type) ?? null;
}
