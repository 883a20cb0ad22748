/** Why a call failed, in a form machines and screens can hold (no Error instances in machine context). */
export type RequestFailureKind =
  /** HTTP error status (400, 403, 404, 500 ...). */
  | 'http'
  /** HTTP 200 whose body says "permission denied" or error_code 403. */
  | 'permission'
  /** HTTP 200 with success false and a message. */
  | 'rejected'
  | 'timeout'
  /** Superseded by a newer request of the same kind; never shown as an error. */
  | 'canceled'
  | 'network';

export type RequestFailure = {
  kind: RequestFailureKind;
  /** HTTP status; 403 for a permission answer, 408 for a time-out, 0 when no answer arrived. */
  status: number;
  /** A sentence a person can read. */
  message: string;
};

export const CANCELED_MESSAGE = 'Operation canceled due to new request.';
export const GENERIC_FAILURE_MESSAGE = 'Something went wrong. Check your connection and try again.';

const KINDS: readonly RequestFailureKind[] = [
  'http',
  'permission',
  'rejected',
  'timeout',
  'canceled',
  'network',
];

function isKind(value: unknown): value is RequestFailureKind {
  return typeof value === 'string' && (KINDS as readonly string[]).includes(value);
}

/** Turns anything thrown by a request into a RequestFailure (errors from the request layer carry their own). */
export function toRequestFailure(error: unknown): RequestFailure {
  if (error && typeof error === 'object') {
    const candidate = error as { kind?: unknown; status?: unknown; message?: unknown };
    if (
      isKind(candidate.kind) &&
      typeof candidate.status === 'number' &&
      typeof candidate.message === 'string'
    ) {
      return { kind: candidate.kind, status: candidate.status, message: candidate.message };
    }
  }
  return { kind: 'network', status: 0, message: GENERIC_FAILURE_MESSAGE };
}
