import { sql } from 'kysely';
import { DESIGN_NAME_EXISTS, MISSING_LINK } from '../../../domain/emailDesign.ts';
import type { DesignSaved } from '../../../domain/publishAnswers.ts';
import { type DesignSaveInput, MISSING_LINK_ERROR } from '../../../domain/publishSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import { AppError, badRequest } from '../../lib/AppError.ts';
import { loadEdition } from './designQueries.ts';
import { findMissingLink } from './findMissingLink.ts';
import { renderForEdition } from './renderForEdition.ts';
import type { Viewer } from './Viewer.ts';

/**
 * design/save/: stores the design, the HTML it renders to and (unless the user edited it) its text
 * version, and renames the edition. Refused: a link without a target (missing_link, naming the block), a
 * name another edition of the email has (emailNameExists), a sent edition.
 */
export async function saveDesign(db: Db, viewer: Viewer, input: DesignSaveInput): Promise<DesignSaved> {
  const missing = findMissingLink(input.design);
  if (missing !== null)
    throw new AppError(400, MISSING_LINK, {}, { error: MISSING_LINK_ERROR, block_id: missing });
  return inTransaction(db, async (trx) => {
    const edition = await loadEdition(trx, viewer.orgId, input.version_id);
    // One save of the email's editions at a time: the name check holds until commit.
    await trx.selectFrom('emails').select('id').where('id', '=', edition.email_id).forUpdate().execute();
    if (edition.status === 'sent')
      throw badRequest('This edition has been sent: its design can no longer change.');
    const taken = await trx
      .selectFrom('email_versions')
      .select('id')
      .where('email_id', '=', edition.email_id)
      .where('id', '<>', edition.id)
      .where(sql<boolean>`lower(name) = lower(${input.version_name})`)
      .executeTakeFirst();
    if (taken) throw new AppError(400, DESIGN_NAME_EXISTS, {}, { error: DESIGN_NAME_EXISTS });
    const rendered = await renderForEdition(trx, edition, input.design);
    const savedAt = new Date();
    const text = edition.text_preview_edited ? (edition.text_preview ?? rendered.text) : rendered.text;
    await trx
      .updateTable('email_versions')
      .set({
        name: input.version_name,
        design: JSON.stringify(input.design),
        html: rendered.html,
        text_preview: text,
        design_saved_at: savedAt,
        updated_at: savedAt,
      })
      .where('id', '=', edition.id)
      .execute();
    await trx.updateTable('emails').set({ updated_at: savedAt }).where('id', '=', edition.email_id).execute();
    return { version_name: input.version_name, design_saved_at: savedAt.toISOString(), preview_text: text };
  });
}
