import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';
import { TEMPLATE_NOT_FOUND } from './designQueries.ts';
import type { Viewer } from './Viewer.ts';

/**
 * delete_template/: the user's own templates only (a shared one, too, only by its author). The product's
 * templates, a colleague's and another organisation's are not found.
 */
export async function deleteTemplate(db: Db, viewer: Viewer, templateId: number): Promise<void> {
  const deleted = await db
    .deleteFrom('email_templates')
    .where('id', '=', templateId)
    .where('org_id', '=', viewer.orgId)
    .where('user_id', '=', viewer.userId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(TEMPLATE_NOT_FOUND);
}
