import type { z } from 'zod';
import {
  AI_DRAFT_JSON_SCHEMA,
  type AiDraft,
  type AiDraftRequest,
  aiDraftSchema,
  PERSONALITY_SUGGESTION_JSON_SCHEMA,
  type PersonalityFacts,
  personalitySuggestionSchema,
  type SuggestedPersonality,
} from '../../../domain/aiDraft.ts';
import { AI_API_FAILED, type AiComposer, AiComposerError } from './AiComposer.ts';
import { suggestionPrompts, systemPrompt, userPrompt } from './composerPrompts.ts';

export type OpenAiCompatibleOptions = {
  /** The API's base, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama). */
  baseUrl: string;
  /** Sent as a bearer token when set (local servers often need none). Never logged. */
  apiKey?: string;
  model: string;
  /** Each call's deadline (ms). */
  timeoutMs: number;
  /** The most tokens a variant may use (the model's max_tokens). */
  maxTokens: number;
  /** Attempts after a 429, a 5xx, a time-out or an answer that is not a valid draft. */
  retries: number;
  /** The first retry's wait (ms); doubled each time, or the server's Retry-After when it says. */
  backoffMs: number;
  /** Answers larger than this are refused unread (bytes). */
  maxAnswerBytes?: number;
  /** Waits between attempts (tests pass one that records and does not wait). */
  sleep?: (ms: number) => Promise<void>;
};

const RETRY_STATUSES = new Set([408, 409, 429, 500, 502, 503, 504]);
const MAX_WAIT_MS = 30_000;

/** Why one attempt failed: whether trying again may help, and how long the server asked us to wait. */
class AttemptFailure extends Error {
  constructor(
    message: string,
    readonly retriable: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

function retryAfterOf(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : null;
}

/** The body as text, refusing one over `max` bytes without reading it all. */
async function cappedText(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) throw new AttemptFailure('answer too large', false);
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new AttemptFailure('answer too large', false);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The structured answer in a Chat Completions answer, validated; anything else is an AttemptFailure. */
function answerOf<T>(body: string, schema: z.ZodType<T>): T {
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    throw new AttemptFailure('the answer is not JSON', true);
  }
  const choice = (answer as { choices?: { message?: { content?: unknown }; finish_reason?: unknown }[] })
    .choices?.[0];
  if (choice?.finish_reason === 'length') throw new AttemptFailure('the token budget ran out', false);
  const content = choice?.message?.content;
  if (typeof content !== 'string') throw new AttemptFailure('the answer has no message', true);
  let structured: unknown;
  try {
    structured = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    throw new AttemptFailure('the message is not JSON', true);
  }
  const parsed = schema.safeParse(structured);
  if (!parsed.success) throw new AttemptFailure('the message is not of the asked shape', true);
  return parsed.data;
}

/**
 * A composer over any OpenAI-compatible Chat Completions endpoint (a hosted API, Ollama, llama.cpp's
 * server, vLLM): asks for structured output in the draft's JSON schema, validates what comes back, retries
 * with backoff after a 429, a 5xx, a time-out or an answer of the wrong shape, and keeps each variant
 * within a token budget. A failure is an AiComposerError with the spec's text.
 */
export function openAiCompatibleComposer(options: OpenAiCompatibleOptions): AiComposer {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const maxAnswerBytes = options.maxAnswerBytes ?? 256 * 1024;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /** One call asking for structured output of one JSON schema, validated by its zod schema. */
  type Ask<T> = {
    system: string;
    user: string;
    name: string;
    jsonSchema: object;
    schema: z.ZodType<T>;
    temperature: number;
  };
  const attempt = async <T>(ask: Ask<T>, signal?: AbortSignal): Promise<T> => {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        redirect: 'error',
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          max_tokens: options.maxTokens,
          temperature: ask.temperature,
          messages: [
            { role: 'system', content: ask.system },
            { role: 'user', content: ask.user },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: ask.name, strict: true, schema: ask.jsonSchema },
          },
        }),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new AttemptFailure(
        timeout.aborted ? 'no answer in time' : 'the endpoint cannot be reached',
        true,
      );
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new AttemptFailure(
        `HTTP ${response.status}`,
        RETRY_STATUSES.has(response.status),
        retryAfterOf(response.headers.get('retry-after')),
      );
    }
    return answerOf(await cappedText(response, maxAnswerBytes), ask.schema);
  };

  /** Asks, retrying with backoff after a 429, a 5xx, a time-out or a wrong shape; then the AI failure. */
  const withRetries = async <T>(ask: Ask<T>, signal?: AbortSignal): Promise<T> => {
    let lastFailure: AttemptFailure | null = null;
    for (let tries = 0; tries <= options.retries; tries += 1) {
      try {
        return await attempt(ask, signal);
      } catch (error) {
        if (!(error instanceof AttemptFailure)) throw error;
        lastFailure = error;
        if (!error.retriable || tries === options.retries) break;
        const wait = error.retryAfterMs ?? options.backoffMs * 2 ** tries;
        await sleep(Math.min(MAX_WAIT_MS, wait));
      }
    }
    throw new AiComposerError(AI_API_FAILED, lastFailure);
  };

  return {
    kind: 'model',
    label: `Written by ${options.model}`,
    compose: (request: AiDraftRequest, signal?: AbortSignal): Promise<AiDraft> =>
      withRetries(
        {
          system: systemPrompt(request),
          user: userPrompt(request),
          name: 'email_draft',
          jsonSchema: AI_DRAFT_JSON_SCHEMA,
          schema: aiDraftSchema,
          temperature: 0.7,
        },
        signal,
      ),
    suggest: (facts: PersonalityFacts, signal?: AbortSignal): Promise<SuggestedPersonality> =>
      withRetries(
        {
          ...suggestionPrompts(facts),
          name: 'personality_suggestion',
          jsonSchema: PERSONALITY_SUGGESTION_JSON_SCHEMA,
          schema: personalitySuggestionSchema,
          temperature: 0,
        },
        signal,
      ),
  };
}
