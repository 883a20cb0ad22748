import { z } from 'zod';
import { listNameSchema } from './audienceListSchemas.ts';
import { IMPORT_CHUNK_CHARS, IMPORT_FIELDS, type ImportMapping } from './contactImport.ts';
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
  })
  .refine((body) => body.list_id === null || body.list_name === undefined, {
    message: 'Send list_id or list_name, not both.',
  });

export const importChunkBodySchema = z.object({
  import_id: positiveIdField('import_id'),
  seq: wholeNumberField('seq', { min: 0, max: 100_000 }),
  text: z
    .string({ error: 'text is required.' })
    .min(1, 'text is empty.')
    .max(IMPORT_CHUNK_CHARS, `text is at most ${IMPORT_CHUNK_CHARS} characters.`),
});

export const importIdSchema = z.object({ import_id: positiveIdField('import_id') });
