import {
  AI_DRAFT_JSON_SCHEMA,
  type AiDraft,
  type AiDraftRequest,
  aiDraftSchema,
} from '../../../domain/aiDraft.ts';
import { AI_API_FAILED, type AiComposer, AiComposerError } from './AiComposer.ts';
import { systemPrompt, userPrompt } from './composerPrompts.ts';

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

/** The draft in a Chat Completions answer, validated; anything else is an AttemptFailure. */
function draftOf(body: string): AiDraft {
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
  let draft: unknown;
  try {
    draft = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    throw new AttemptFailure('the message is not JSON', true);
  }
  const parsed = aiDraftSchema.safeParse(draft);
  if (!parsed.success) throw new AttemptFailure('the message is not a draft of the asked shape', true);
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

  const attempt = async (request: AiDraftRequest, signal?: AbortSignal): Promise<AiDraft> => {
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
          temperature: 0.7,
          messages: [
            { role: 'system', content: systemPrompt(request) },
            { role: 'user', content: userPrompt(request) },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'email_draft', strict: true, schema: AI_DRAFT_JSON_SCHEMA },
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
    return draftOf(await cappedText(response, maxAnswerBytes));
  };

  return {
    kind: 'model',
    label: `Written by ${options.model}`,
    compose: async (request, signal) => {
      let lastFailure: AttemptFailure | null = null;
      for (let tries = 0; tries <= options.retries; tries += 1) {
        try {
          return await attempt(request, signal);
        } catch (error) {
          if (!(error instanceof AttemptFailure)) throw error;
          lastFailure = error;
          if (!error.retriable || tries === options.retries) break;
          const wait = error.retryAfterMs ?? options.backoffMs * 2 ** tries;
          await sleep(Math.min(MAX_WAIT_MS, wait));
        }
      }
      throw new AiComposerError(AI_API_FAILED, lastFailure);
    },
  };
}
