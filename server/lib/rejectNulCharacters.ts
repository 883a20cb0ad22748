import type { FastifyRequest } from 'fastify';
import { badRequest } from './AppError.ts';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (ArrayBuffer.isView(value)) return false; // an uploaded file's bytes, not text
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    if (containsNul(item, depth + 1)) return true;
  }
  return false;
}

/** PostgreSQL text cannot hold NUL characters: such input is refused up front with a 400. */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  if (containsNul(request.query) || containsNul(request.body) || containsNul(request.params)) {
    throw badRequest('Text must not contain NUL characters.');
  }
}
