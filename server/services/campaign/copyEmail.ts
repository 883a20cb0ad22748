import { sql } from 'kysely';
import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';
import type { Actor } from './Actor.ts';

/**
 * Copies an email (row, draft editions with their designs, rendered HTML and text versions, their curated
 * articles; never sends, sent editions or the public web id) into a campaign under a name. Returns the
 * copy's id.
 */
export async function copyEmail(
  trx: Db,
  user: Actor,
  emailId: number,
  campaignId: number | null,
  name: string,
): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into emails (org_id, user_id, campaign_id, name, subject, email_type, design_ready, sent_from, sender_name,
      thumbnail, email_platform, html)
    select org_id, ${user.id}, ${campaignId}, ${name}, subject, email_type, design_ready, sent_from, sender_name,
      thumbnail, email_platform, html
    from emails where id = ${emailId}
    returning id`.execute(trx);
  const copyId = rows[0]?.id;
  if (copyId === undefined) throw notFound('Email not found.');
  const drafts = await trx
    .selectFrom('email_versions')
    .selectAll()
    .where('email_id', '=', emailId)
    .where('status', '=', 'draft')
    .orderBy('id')
    .execute();
  if (drafts.length === 0) return copyId; // the trigger's 'Draft Edition' stays
  await trx.deleteFrom('email_versions').where('email_id', '=', copyId).execute();
  for (const draft of drafts) {
    const edition = await trx
      .insertInto('email_versions')
      .values({
        org_id: draft.org_id,
        email_id: copyId,
        user_id: user.id,
        name: draft.name,
        subject: draft.subject,
        status: 'draft',
        is_active: draft.is_active,
        thumbnail: draft.thumbnail,
        design: draft.design === null ? null : JSON.stringify(draft.design),
        design_saved_at: draft.design_saved_at,
        html: draft.html,
        text_preview: draft.text_preview,
        text_preview_edited: draft.text_preview_edited,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      insert into edition_articles (version_id, article_id, position, added_by, added_at)
      select ${edition.id}, article_id, position, added_by, added_at from edition_articles where version_id = ${draft.id}`.execute(
      trx,
    );
  }
  return copyId;
}
