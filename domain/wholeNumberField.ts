import { z } from 'zod';

const DECIMAL = /^\s*-?\d{1,16}\s*$/;

/**
 * A whole number from a form field, a query parameter or a JSON body: decimal digits only ("42", 42), so
 * "0x1", "1e3", "true" and "" are refused instead of being read as numbers. Out of range says which bound,
 * in words ("limit must be at most 100.").
 */
export function wholeNumberField(field: string, range: { min: number; max: number }) {
  return z
    .union([z.string(), z.number()], { error: `${field} must be a whole number.` })
    .transform((value, ctx): number => {
      const number =
        typeof value === 'number' ? value : DECIMAL.test(value) ? Number(value.trim()) : Number.NaN;
      if (!Number.isSafeInteger(number)) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a whole number.` });
        return z.NEVER;
      }
      if (number < range.min) {
        ctx.addIssue({ code: 'custom', message: `${field} must be at least ${range.min}.` });
        return z.NEVER;
      }
      if (number > range.max) {
        ctx.addIssue({ code: 'custom', message: `${field} must be at most ${range.max}.` });
        return z.NEVER;
      }
      return number;
    });
}

const MAX_ID = 2_147_483_647;

/** The paging pair of every list: offset 0 to 1,000,000 (default 0) and limit 1 to `max`. */
export const offsetField = () => wholeNumberField('offset', { min: 0, max: 1_000_000 }).default(0);
export const limitField = (max: number, fallback: number) =>
  wholeNumberField('limit', { min: 1, max }).default(fallback);
/** A positive id (1 to 2^31-1). */
export const positiveIdField = (field: string) => wholeNumberField(field, { min: 1, max: MAX_ID });
