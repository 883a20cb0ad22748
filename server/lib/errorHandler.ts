import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './AppError.ts';

type ErrorBody = { success: false; message: string };

/** Fastify's own client errors, answered with words a person can read. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 400, message: 'The request is too large: the limit is 1 MB.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 400,
    message: 'Unsupported content type: send form data (urlencoded or multipart) or JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty; JSON was expected.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The request body does not match its length.' },
  FST_ERR_CTP_EMPTY_TYPE: { status: 400, message: 'The content type is missing.' },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, message: 'The content type is not valid.' },
  FST_REQ_FILE_TOO_LARGE: { status: 400, message: 'The request is too large: the limit is 1 MB.' },
  FST_FILES_LIMIT: { status: 400, message: 'File uploads are not accepted here.' },
  FST_FIELDS_LIMIT: { status: 400, message: 'Too many form fields.' },
  FST_PARTS_LIMIT: { status: 400, message: 'Too many form fields.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, message: 'The multipart form data is malformed.' },
};

function describeIssues(error: FastifyError): string {
  const issues = (error.validation ?? []) as Array<{
    message?: string;
    instancePath?: string;
    params?: { issue?: { path?: unknown[]; message?: string } };
  }>;
  const messages = issues.slice(0, 3).map((issue) => {
    const zodIssue = issue.params?.issue;
    const path = (zodIssue?.path ?? []).map(String).join('.');
    const message = zodIssue?.message ?? issue.message ?? 'is not valid';
    if (!path || message.toLowerCase().startsWith(path.toLowerCase().split('.')[0] ?? '')) return message;
    return /^[A-Z]/.test(message) && message.endsWith('.') ? message : `${path}: ${message}`;
  });
  return messages.join(' ') || 'The request is not valid.';
}

const MALFORMED_MULTIPART =
  'The multipart form data is malformed (a missing boundary, a bad part header or a body cut short). Send it again, or send the form urlencoded.';

declare module 'fastify' {
  interface FastifyRequest {
    /** True once the body has been read and validated and the route's own work begins (preHandler). */
    bodyRead: boolean;
  }
}

/** Marks a request whose body was read whole: errors after this are not the body parser's. */
export async function markBodyRead(request: FastifyRequest): Promise<void> {
  request.bodyRead = true;
}

/**
 * The multipart parser (busboy) throws plain errors for a body it cannot read ("Unexpected end of
 * multipart data", "Malformed part header", "Multipart: Boundary not found"), also after some parts were
 * read whole: on a multipart request, a plain error (no status) before the route's own work began is the
 * request's fault, not ours.
 */
function isMalformedMultipart(error: FastifyError, request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  if (typeof type !== 'string' || !type.toLowerCase().startsWith('multipart/')) return false;
  return !request.bodyRead && !error.statusCode;
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const send = (status: number, message: string) =>
    reply.status(status).send({ success: false, message } satisfies ErrorBody);

  if (error instanceof AppError) {
    reply.headers(error.headers);
    return reply.status(error.statusCode).send({ ...error.details, success: false, message: error.message });
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) return send(400, describeIssues(error));
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return send(known.status, known.message);
  if (error.statusCode === 429) return send(429, error.message);
  if (isMalformedMultipart(error, request)) return send(400, MALFORMED_MULTIPART);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return send(400, error.message || 'The request is not valid.');
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(500, 'Something went wrong on our side. Please try again.');
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  reply
    .status(404)
    .send({ success: false, message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
}
