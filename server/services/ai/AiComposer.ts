import type {
  AiDraft,
  AiDraftRequest,
  PersonalityFacts,
  SuggestedPersonality,
} from '../../../domain/aiDraft.ts';

/**
 * Writes one AI email variant. Two kinds: a language model behind any OpenAI-compatible Chat Completions
 * endpoint (openAiCompatibleComposer.ts), or, with none configured, the built-in composer's rules
 * (builtInComposer.ts), which says so plainly and never claims to be a model.
 */
export type AiComposer = {
  kind: 'model' | 'built-in';
  /** What the screen says about who wrote the variants. */
  label: string;
  compose: (request: AiDraftRequest, signal?: AbortSignal) => Promise<AiDraft>;
  /** A personality for a contact from its job title, company and engagement (never its name or address). */
  suggest: (facts: PersonalityFacts, signal?: AbortSignal) => Promise<SuggestedPersonality>;
};

/** A composer that could not write a variant: the spec's failure text, and why (for the log only). */
export class AiComposerError extends Error {
  constructor(
    readonly userMessage: string,
    readonly cause?: unknown,
  ) {
    super(userMessage);
    this.name = 'AiComposerError';
  }
}

/** The spec's failure text when the generating service fails. */
export const AI_API_FAILED = 'AI_GENERATIVE_EMAIL_API Failed!!';
