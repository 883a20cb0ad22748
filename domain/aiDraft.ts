import { z } from 'zod';
import type { AiPersonalityType } from './aiPersonalities.ts';

/**
 * What a composer (a language model, or the built-in composer) writes for one personality: plain text
 * only. It is never taken as HTML: draftToDesign escapes every field into the designer's blocks, which
 * render safely, so a model's answer cannot put markup or script into an email.
 */
export const AI_DRAFT_LIMITS = {
  subject: 150,
  preheader: 200,
  heading: 150,
  paragraph: 1_500,
  paragraphs: 8,
  callToAction: 60,
} as const;

export const aiDraftSchema = z.object({
  subject: z.string().trim().min(1).max(AI_DRAFT_LIMITS.subject),
  preheader: z.string().trim().max(AI_DRAFT_LIMITS.preheader),
  heading: z.string().trim().min(1).max(AI_DRAFT_LIMITS.heading),
  paragraphs: z
    .array(z.string().trim().min(1).max(AI_DRAFT_LIMITS.paragraph))
    .min(1)
    .max(AI_DRAFT_LIMITS.paragraphs),
  /** The button's words; the link is the edition's (never the model's). */
  call_to_action: z.string().trim().min(1).max(AI_DRAFT_LIMITS.callToAction),
  /** Whether the edition's curated articles follow the text. */
  include_articles: z.boolean(),
});
export type AiDraft = z.infer<typeof aiDraftSchema>;

/** The same shape as a JSON schema, for a model's structured output (strict: every field required). */
export const AI_DRAFT_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['subject', 'preheader', 'heading', 'paragraphs', 'call_to_action', 'include_articles'],
  properties: {
    subject: { type: 'string', maxLength: AI_DRAFT_LIMITS.subject },
    preheader: { type: 'string', maxLength: AI_DRAFT_LIMITS.preheader },
    heading: { type: 'string', maxLength: AI_DRAFT_LIMITS.heading },
    paragraphs: {
      type: 'array',
      minItems: 1,
      maxItems: AI_DRAFT_LIMITS.paragraphs,
      items: { type: 'string', maxLength: AI_DRAFT_LIMITS.paragraph },
    },
    call_to_action: { type: 'string', maxLength: AI_DRAFT_LIMITS.callToAction },
    include_articles: { type: 'boolean' },
  },
} as const;

/** What a composer is asked: the marketer's prompt, for one personality, with the edition's articles. */
export type AiDraftRequest = {
  prompt: string;
  personality: AiPersonalityType;
  /** How many of the audience have this personality (the prompt may say so). */
  audienceCount: number;
  organisationName: string;
  /** Who the email is addressed to (the AI email's emails_to, e.g. "Customers"); empty: nobody named. */
  addressedTo?: string;
  articles: readonly { title: string; summary: string }[];
};

/**
 * What a personality suggestion is made from: the contact's job title, company and engagement score,
 * never its name or address (what leaves the server for a model).
 */
export type PersonalityFacts = { title: string; company: string; engagementScore: number };

/** A suggested personality and why, as a model must answer it (structured output) and the rules give it. */
export const personalitySuggestionSchema = z.object({
  personality_type: z.enum(['Dominant', 'Influencer', 'Steady', 'Conscientious', 'Others']),
  reason: z.string().trim().min(1).max(300),
});
export type SuggestedPersonality = z.infer<typeof personalitySuggestionSchema>;

/** The suggestion's JSON schema, for a model's structured output. */
export const PERSONALITY_SUGGESTION_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['personality_type', 'reason'],
  properties: {
    personality_type: {
      type: 'string',
      enum: ['Dominant', 'Influencer', 'Steady', 'Conscientious', 'Others'],
    },
    reason: { type: 'string', maxLength: 300 },
  },
} as const;
