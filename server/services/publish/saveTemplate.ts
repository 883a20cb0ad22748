import type { EmailDesign } from '../../../domain/emailDesign.ts';
import type { Db } from '../../db/Db.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import { EDITION_NOT_FOUND, loadEdition, storedDesign } from './designQueries.ts';
import type { Viewer } from './Viewer.ts';

/** save_template/: the design of an edition (saved, else the default) or the one given, as a template. */
export async function saveTemplate(
  db: Db,
  viewer: Viewer,
  input: {
    name: string;
    description: string;
    shared: boolean;
    version_id: number | null;
    design?: EmailDesign;
  },
): Promise<{ id: number; name: string }> {
  let design = input.design;
  if (design === undefined && input.version_id !== null) {
    const edition = await loadEdition(db, viewer.orgId, input.version_id);
    design = storedDesign(edition.design) ?? undefined;
    if (!design) throw badRequest('This edition has no saved design yet: save it first.');
  }
  if (!design) throw notFound(EDITION_NOT_FOUND);
  const row = await db
    .insertInto('email_templates')
    .values({
      org_id: viewer.orgId,
      user_id: viewer.userId,
      name: input.name,
      description: input.description.trim(),
      design: JSON.stringify(design),
      shared: input.shared,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return row;
}
