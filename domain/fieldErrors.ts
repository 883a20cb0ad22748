import type { z } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Validates form values with a shared schema; returns the parsed data or the first message per field. */
export function validateFields<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  values: Record<string, unknown>,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors<string> } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
