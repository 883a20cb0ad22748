/** An error whose message is safe to show to the person who made the request. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers the answer carries (Retry-After of a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
    /** More fields of the answer's body (e.g. error: 'missing_link' and the block's id; a refused send's findings). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
/** HTTP 403: no session, an expired session, or a missing or wrong CSRF token. */
export const forbidden = (message: string) => new AppError(403, message);
/** HTTP 409: the request conflicts with what an earlier one did (e.g. an idempotency key reused). */
export const conflict = (message: string) => new AppError(409, message);
/** HTTP 429 with Retry-After (whole seconds). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** The spec's second permission shape: HTTP 200 whose body says "permission denied" with error_code 403. */
export const PERMISSION_DENIED_BODY = {
  success: false,
  message: 'permission denied',
  error_code: 403,
} as const;
