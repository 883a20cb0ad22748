import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import { loadEdition, newPublicId, storedDesign } from './designQueries.ts';
import { renderForEdition } from './renderForEdition.ts';
import type { Viewer } from './Viewer.ts';

/**
 * The edition's public web id, made once (128 random bits). The first time, a saved design is rendered
 * again so its stored HTML carries the "View in browser" link.
 */
export async function ensureWebId(db: Db, viewer: Viewer, versionId: number): Promise<string> {
  return inTransaction(db, async (trx) => {
    const locked = await trx
      .selectFrom('email_versions')
      .select(['id', 'web_id'])
      .where('id', '=', versionId)
      .where('org_id', '=', viewer.orgId)
      .forUpdate()
      .executeTakeFirst();
    const edition = await loadEdition(trx, viewer.orgId, versionId);
    if (locked?.web_id) return locked.web_id;
    const webId = newPublicId();
    const design = storedDesign(edition.design);
    const set: { web_id: string; html?: string } = { web_id: webId };
    if (design) set.html = (await renderForEdition(trx, { ...edition, web_id: webId }, design)).html;
    await trx.updateTable('email_versions').set(set).where('id', '=', edition.id).execute();
    return webId;
  });
}
