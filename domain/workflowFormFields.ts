import { z } from 'zod';
import { listFieldParts } from './listFieldParts.ts';

/**
 * Form field schemas of the workflow service (ids, id lists, yes/no flags, search texts, JSON texts):
 * each accepts what a form sends (text) and what a JSON body sends (numbers, booleans, lists), and
 * reports a readable message naming the field.
 */

export const MAX_ID_LIST = 10_000;
const MAX_SEARCH = 200;

/** Parses a JSON text field, reporting bad JSON as a validation issue. */
export function jsonTextSchema(field: string, max: number) {
  return z
    .string({ error: `${field} must be a JSON text.` })
    .max(max, `${field} is too long.`)
    .transform((raw, ctx): unknown => {
      try {
        return JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${field} is not valid JSON.` });
        return z.NEVER;
      }
    });
}

const digits = /^\s*\d{1,10}\s*$/;

/** A positive id from a form field or query ("42", 42). Leading zeros are stripped by Number. */
export const idFieldSchema = (field: string) =>
  z
    .union([z.string(), z.number()], { error: `${field} must be a number.` })
    .transform((value, ctx): number => {
      const number = typeof value === 'number' ? value : digits.test(value) ? Number(value) : Number.NaN;
      if (!Number.isInteger(number) || number < 1 || number > 2_147_483_647) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a positive whole number.` });
        return z.NEVER;
      }
      return number;
    });

/** An optional id where 0, "", "0" or a negative number means none (create_workflow's email_id, list_id). */
export const optionalIdFieldSchema = (field: string) =>
  z
    .union([z.string(), z.number(), z.null()], { error: `${field} must be a number.` })
    .optional()
    .transform((value, ctx): number | null => {
      if (value === undefined || value === null) return null;
      const raw = typeof value === 'number' ? String(value) : value.trim();
      if (raw === '') return null;
      if (!/^-?\d{1,10}$/.test(raw)) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a whole number.` });
        return z.NEVER;
      }
      const number = Number(raw);
      if (number > 2_147_483_647) {
        ctx.addIssue({ code: 'custom', message: `${field} is out of range.` });
        return z.NEVER;
      }
      return number > 0 ? number : null;
    });

/**
 * A list of ids: comma-separated text ("1,2,3"), a JSON list text ("[1,2,3]"), or (JSON bodies) a list.
 * Empty text is an empty list. Duplicates are removed; order is kept.
 */
export const idListFieldSchema = (field: string) =>
  z
    .union([z.string(), z.array(z.union([z.string(), z.number()])), z.number()], {
      error: `${field} must be a comma-separated or JSON list of ids.`,
    })
    .optional()
    .transform((value, ctx): number[] => {
      if (value === undefined) return [];
      if (typeof value === 'string' && value.trim().length > MAX_ID_LIST * 12) {
        ctx.addIssue({ code: 'custom', message: `${field} is too long.` });
        return z.NEVER;
      }
      // A text that is no valid JSON list holds no id: refused below with the same message.
      const parts =
        typeof value === 'number'
          ? [value]
          : (listFieldParts(value, (raw) =>
              raw === '' ? [] : raw.split(',').map((part) => part.trim()),
            ) ?? [Number.NaN]);
      if (parts.length > MAX_ID_LIST) {
        ctx.addIssue({ code: 'custom', message: `${field} lists at most ${MAX_ID_LIST} ids.` });
        return z.NEVER;
      }
      const ids: number[] = [];
      for (const part of parts) {
        const text = typeof part === 'number' ? String(part) : typeof part === 'string' ? part.trim() : '';
        if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2_147_483_647) {
          ctx.addIssue({
            code: 'custom',
            message: `${field} must be a comma-separated or JSON list of positive ids, such as 4,5 or [4,5].`,
          });
          return z.NEVER;
        }
        ids.push(Number(text));
      }
      return [...new Set(ids)];
    });

/** A yes/no form field: "1"/"0", "true"/"false", booleans, 1/0. */
export const booleanFieldSchema = (field: string) =>
  z
    .union([z.enum(['0', '1', 'true', 'false']), z.boolean(), z.literal(0), z.literal(1)], {
      error: `${field} must be 1 or 0 (or true or false).`,
    })
    .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/** A search text: trimmed; blank means no search. */
export const searchFieldSchema = (field: string) =>
  z
    .string({ error: `${field} must be text.` })
    .max(MAX_SEARCH, `${field} is at most ${MAX_SEARCH} characters.`)
    .optional()
    .transform((value) => (value ?? '').trim());
