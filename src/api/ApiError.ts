import type { RequestFailure, RequestFailureKind } from '../../domain/requestFailure.ts';

/** Every failure of the request layer: the HTTP status, the server's message and what kind of failure it is. */
export class ApiError extends Error implements RequestFailure {
  readonly kind: RequestFailureKind;
  readonly status: number;
  /** The parsed answer body, when there was one. */
  readonly body: unknown;

  constructor(failure: RequestFailure, body?: unknown) {
    super(failure.message);
    this.name = 'ApiError';
    this.kind = failure.kind;
    this.status = failure.status;
    this.body = body;
  }
}
