import { z } from 'zod';
import { type AiPersonalityType, personalityOfLetter } from './aiPersonalities.ts';
import { campaignNameSchema, emailNameSchema } from './campaignSchemas.ts';
import { listFieldParts } from './listFieldParts.ts';
import { positiveIdField } from './wholeNumberField.ts';
import { booleanFieldSchema, idListFieldSchema, optionalIdFieldSchema } from './workflowFormFields.ts';

/**
 * Form payloads and answers of the AI email calls (create_ai_email/ and the calls around a generation,
 * publish_ai_email/). Shared by the server (validation, OpenAPI) and the client. See docs/ai.md.
 */

/** The failure texts the AI calls answer with, word for word. */
export const AI_FAILURES = {
  emptyAudience: 'Provide valid Audience for AI Email creation',
  noNewPersonality: 'No new personality found!',
  apiFailed: 'AI_GENERATIVE_EMAIL_API Failed!!',
  noSegment: 'Provide valid Audience for Audience segregation',
  unsuccessful: 'AI Emails Creation Unsuccessful!!',
} as const;

/** An AI variant's email name: its AI email's name and the personality it is written for. */
export const aiVariantName = (name: string, type: AiPersonalityType) => `${name} · ${type}`.slice(0, 150);

/** How long a generation may take before it is given up (and nothing of it kept). */
export const AI_GENERATION_LIMIT_MS = 300_000;
export const MAX_PROMPT = 4_000;
/** Contacts a suggestion call takes at once. */
export const MAX_SUGGEST = 500;

const promptSchema = z
  .string({ error: 'prompt must be text.' })
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, 'Write a prompt: what the email is about.')
      .max(MAX_PROMPT, `A prompt is at most ${MAX_PROMPT} characters.`),
  );

/**
 * personalities: first letters (D, I, S, C, O) as a JSON list, a comma list, a run of letters ("DIS") or
 * repeated fields; each once, in the order given. None: every personality of the audience.
 */
export const personalityLettersSchema = z
  .union([z.string(), z.array(z.string())], { error: 'personalities must be letters: D, I, S, C, O.' })
  .optional()
  .transform((value, ctx): AiPersonalityType[] => {
    if (value === undefined) return [];
    // A text that is no valid JSON list is no letter either: refused below with the same message.
    const parts = listFieldParts(value, (raw) =>
      raw.includes(',') ? raw.split(',') : [...raw.replace(/\s+/g, '')],
    ) ?? [null];
    const types: AiPersonalityType[] = [];
    for (const part of parts) {
      const personality = typeof part === 'string' ? personalityOfLetter(part) : null;
      if (!personality) {
        ctx.addIssue({ code: 'custom', message: 'personalities must be letters: D, I, S, C, O.' });
        return z.NEVER;
      }
      if (!types.includes(personality.type)) types.push(personality.type);
    }
    return types;
  });

/** A short free text the client sends along (event_type, emails_to): kept, at most `max` characters. */
const noteSchema = (field: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: `${field} must be text.` })
    .optional()
    .transform((value) => (value === undefined ? '' : String(value).trim()))
    .pipe(z.string().max(max, `${field} is at most ${max} characters.`));

const aiIdSchema = z
  .string({ error: 'ai_id must be the id the client gave this request.' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'ai_id must be 8 to 64 letters, digits, - or _ (a uuid).');

export const createAiEmailBodySchema = z.object({
  email_name: emailNameSchema(),
  campaign_id: optionalIdFieldSchema('campaign_id'),
  create_campaign_flag: booleanFieldSchema('create_campaign_flag').optional(),
  campaign_name: campaignNameSchema().optional(),
  prompt: promptSchema,
  contact_ids: idListFieldSchema('contact_ids'),
  list_ids: idListFieldSchema('list_ids'),
  personalities: personalityLettersSchema,
  ai_id: aiIdSchema,
  event_type: noteSchema('event_type', 60),
  emails_to: noteSchema('emails_to', 500),
});
export type CreateAiEmailInput = z.infer<typeof createAiEmailBodySchema>;

export const aiIdQuerySchema = z.object({ ai_id: aiIdSchema });
export const generationQuerySchema = z.object({ generation_id: positiveIdField('generation_id') });

export const reviewAiEmailsBodySchema = z.object({
  generation_id: positiveIdField('generation_id'),
  /** The variants marked (none: the whole generation). */
  email_id: idListFieldSchema('email_id'),
  is_reviewed: booleanFieldSchema('is_reviewed').optional(),
  last_visited: booleanFieldSchema('last_visited').optional(),
});

export const regenerateAiEmailBodySchema = z.object({
  email_id: idListFieldSchema('email_id').refine(
    (ids) => ids.length > 0,
    'Choose the variants to write again.',
  ),
  prompt: promptSchema,
  event_type: noteSchema('event_type', 60),
});

export const cloneAiEmailBodySchema = z.object({
  generation_id: positiveIdField('generation_id'),
  version_name: emailNameSchema('version_name').optional(),
  campaign_id: optionalIdFieldSchema('campaign_id'),
  campaign_name: campaignNameSchema().optional(),
  event_type: noteSchema('event_type', 60),
});

export const detectNewPersonalityBodySchema = z.object({
  generation_id: positiveIdField('generation_id'),
  contact_ids: idListFieldSchema('contact_ids'),
  list_ids: idListFieldSchema('list_ids'),
  personalities: personalityLettersSchema,
});

export const changeAiTemplateBodySchema = z.object({
  generation_id: positiveIdField('generation_id'),
  template_id: positiveIdField('template_id'),
});

export const suggestPersonalityBodySchema = z.object({
  contact_ids: idListFieldSchema('contact_ids').refine(
    (ids) => ids.length > 0 && ids.length <= MAX_SUGGEST,
    `Choose 1 to ${MAX_SUGGEST} contacts.`,
  ),
});

export const publishAiEmailBodySchema = z.object({
  generation_id: positiveIdField('generation_id'),
  sender_address_id: optionalIdFieldSchema('sender_address_id'),
  sender_name: z.string({ error: 'sender_name must be text.' }).trim().max(120).optional(),
  confirm_warnings: booleanFieldSchema('confirm_warnings').optional(),
});

/** preflight_ai_email/: the send's checks of every variant, nothing sent. */
export const preflightAiEmailBodySchema = publishAiEmailBodySchema.omit({ confirm_warnings: true });

/** One variant as the review screen shows it. */
export type AiVariant = {
  email_id: number;
  version_id: number;
  email_name: string;
  subject: string;
  preheader: string;
  ai_type: AiPersonalityType;
  ai_code: string;
  ai_color: string;
  segment_size: number;
  is_reviewed: boolean;
  last_visited: string | null;
  thumbnail: string | null;
};

export type AiGenerationState = 'running' | 'done' | 'failed' | 'cancelled';

export type AiGenerationSummary = {
  generation_id: number;
  name: string;
  prompt: string;
  campaign_id: number | null;
  /** 'built-in', or 'model:<name>'. */
  composer: string;
  /** What the screen says about who wrote the variants. */
  composer_label: string;
  state: AiGenerationState;
  created_on: string;
  reviewed: { reviewed_at: string; reviewed_by: number | null } | null;
};

export type AiProgress = {
  state: AiGenerationState;
  done: number;
  total: number;
  generation_id: number;
  message: string | null;
};

export type PersonalitySuggestion = {
  contact_id: number;
  personality_type: AiPersonalityType;
  reason: string;
};
