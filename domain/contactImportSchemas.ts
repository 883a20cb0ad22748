import { z } from 'zod';
import { listNameSchema } from './audienceListSchemas.ts';
import {
  CUSTOM_FIELD_NAME_MAX,
  type CustomColumn,
  DUPLICATE_POLICIES,
  IMPORT_CHUNK_CHARS,
  IMPORT_DELIMITERS,
  IMPORT_FIELDS,
  IMPORT_MAX_CUSTOM_COLUMNS,
  type ImportMapping,
  REPLACEMENT_CHARACTER,
} from './contactImport.ts';
import { nameText } from './nameText.ts';
import { positiveIdField, wholeNumberField } from './wholeNumberField.ts';
import { booleanFieldSchema, jsonTextSchema, optionalIdFieldSchema } from './workflowFormFields.ts';

/** Form payloads of the import calls (import_create/, import_chunk/, import_start/, import_status/ ...). */

const MAX_COLUMNS = 200;

const mappingSchema = jsonTextSchema('mapping', 4000).pipe(
  z
    .record(
      z.string(),
      z
        .number()
        .int()
        .min(0)
        .max(MAX_COLUMNS - 1),
      {
        error: 'mapping must map fields to column numbers.',
      },
    )
    .transform((record, ctx): ImportMapping => {
      const mapping: ImportMapping = {};
      for (const [field, index] of Object.entries(record)) {
        if (!(IMPORT_FIELDS as readonly string[]).includes(field)) {
          ctx.addIssue({ code: 'custom', message: `mapping: ${field} is not a contact field.` });
          return z.NEVER;
        }
        mapping[field as keyof ImportMapping] = index;
      }
      if (mapping.email === undefined) {
        ctx.addIssue({ code: 'custom', message: 'Choose the column that holds the email address.' });
        return z.NEVER;
      }
      return mapping;
    }),
);

const columnNumber = z
  .number({ error: 'column must be a column number.' })
  .int()
  .min(0)
  .max(MAX_COLUMNS - 1);

/** The columns kept as custom fields: each a name (unique, any case) and its column. */
const customColumnsSchema = jsonTextSchema('custom_columns', 20_000).pipe(
  z
    .array(
      z.object({
        name: z
          .string({ error: 'A custom field needs a name.' })
          .trim()
          .min(1, 'A custom field needs a name.')
          .max(CUSTOM_FIELD_NAME_MAX, `A custom field's name is at most ${CUSTOM_FIELD_NAME_MAX} characters.`)
          .refine((name) => !name.includes(REPLACEMENT_CHARACTER), {
            message:
              "A custom field's name holds a character that could not be read: check the file's encoding.",
          }),
        column: columnNumber,
      }),
      { error: 'custom_columns must be a list of { name, column }.' },
    )
    .max(IMPORT_MAX_CUSTOM_COLUMNS, `At most ${IMPORT_MAX_CUSTOM_COLUMNS} custom fields.`)
    .superRefine((columns: CustomColumn[], ctx) => {
      const names = new Set<string>();
      for (const { name } of columns) {
        const key = name.toLowerCase();
        if (names.has(key)) ctx.addIssue({ code: 'custom', message: `Two custom fields are named ${name}.` });
        names.add(key);
      }
    }),
);

const headersSchema = jsonTextSchema('headers', 40_000).pipe(
  z.array(z.string().max(500), { error: 'headers must be a list of texts.' }).max(MAX_COLUMNS),
);

export const importCreateBodySchema = z
  .object({
    file_name: nameText('file_name').pipe(
      z.string().min(1, 'file_name is required.').max(255, 'file_name is at most 255 characters.'),
    ),
    mapping: mappingSchema,
    headers: headersSchema.optional(),
    has_header: booleanFieldSchema('has_header').optional().default(true),
    total_rows: wholeNumberField('total_rows', { min: 0, max: 10_000_000 }).optional().default(0),
    list_id: optionalIdFieldSchema('list_id'),
    list_name: listNameSchema().optional(),
    duplicate_policy: z
      .enum(DUPLICATE_POLICIES, { error: 'duplicate_policy is first, last or skip.' })
      .optional()
      .default('first'),
    custom_columns: customColumnsSchema.optional().default([]),
    delimiter: z
      .enum(IMPORT_DELIMITERS, { error: 'delimiter is a comma, a semicolon, a tab or |.' })
      .optional(),
  })
  .refine((body) => body.list_id === null || body.list_name === undefined, {
    message: 'Send list_id or list_name, not both.',
  })
  .refine(
    (body) => {
      const mapped = new Set(Object.values(body.mapping));
      return body.custom_columns.every((custom) => !mapped.has(custom.column));
    },
    { message: 'A column kept as a custom field is also matched to a contact field.' },
  );

export const importChunkBodySchema = z.object({
  import_id: positiveIdField('import_id'),
  seq: wholeNumberField('seq', { min: 0, max: 100_000 }),
  text: z
    .string({ error: 'text is required.' })
    .min(1, 'text is empty.')
    .max(IMPORT_CHUNK_CHARS, `text is at most ${IMPORT_CHUNK_CHARS} characters.`),
});

export const importIdSchema = z.object({ import_id: positiveIdField('import_id') });
