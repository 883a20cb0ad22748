import type { z } from 'zod';
import type { importCreateBodySchema } from '../../../domain/contactImportSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { createList } from './createList.ts';
import { assertOrgList } from './listQueries.ts';

/**
 * import_create/: an import's settings, into the organisation's list (list_id: another organisation's is a
 * 404) or a new one (list_name, refused when the name is taken), waiting for its file.
 */
export async function createImport(
  db: Db,
  user: { id: number; org_id: number },
  body: z.output<typeof importCreateBodySchema>,
): Promise<{ importId: number; listId: number | null }> {
  let listId = body.list_id;
  if (listId !== null) {
    await assertOrgList(db, user.org_id, listId, 'That list does not exist.');
  } else if (body.list_name !== undefined) {
    listId = (await createList(db, user, body.list_name)).list_id;
  }
  const row = await db
    .insertInto('audience_imports')
    .values({
      org_id: user.org_id,
      user_id: user.id,
      list_id: listId,
      file_name: body.file_name,
      mapping: JSON.stringify(body.mapping),
      headers: JSON.stringify(body.headers ?? []),
      has_header: body.has_header,
      total_rows: body.total_rows,
      duplicate_policy: body.duplicate_policy,
      custom_columns: JSON.stringify(body.custom_columns),
      delimiter: body.delimiter ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { importId: row.id, listId };
}
