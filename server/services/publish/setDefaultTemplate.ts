import { SHARE_BEFORE_DEFAULT } from '../../../domain/publishSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { badRequest } from '../../lib/AppError.ts';
import { loadTemplate } from './designQueries.ts';
import type { Viewer } from './Viewer.ts';

/**
 * POST default_template/: makes a template the organisation's default, the design every never-designed
 * edition starts from. A product template or one shared in the organisation; the user's own unshared
 * template is refused (400: colleagues could not open it); one they may not see is not found (404).
 */
export async function setDefaultTemplate(db: Db, viewer: Viewer, templateId: number) {
  const template = await loadTemplate(db, viewer, templateId);
  if (template.org_id !== null && !template.shared) throw badRequest(SHARE_BEFORE_DEFAULT);
  await db
    .updateTable('organisations')
    .set({ default_template_id: template.id })
    .where('id', '=', viewer.orgId)
    .execute();
  return { template_id: template.id, name: template.name };
}
