import type { AiDraft } from '../../../domain/aiDraft.ts';
import type { EmailDesign } from '../../../domain/emailDesign.ts';
import type { Db } from '../../db/Db.ts';
import { loadEdition, newPublicId } from '../publish/designQueries.ts';
import { renderForEdition } from '../publish/renderForEdition.ts';
import { draftToDesign } from './draftToDesign.ts';

/**
 * Writes a draft into an AI variant's edition as a saved designer document: the base design (the
 * organisation's default template, or the one chosen) around the draft's text, the edition's subject, its
 * HTML and text version rendered as a design save renders them. The button links to the edition's web
 * version (its public id made here when it has none), never to a link a composer wrote.
 */
export async function writeVariantDesign(
  trx: Db,
  input: { orgId: number; versionId: number; draft: AiDraft; base: EmailDesign; publicOrigin: string },
): Promise<void> {
  const edition = await loadEdition(trx, input.orgId, input.versionId);
  const webId = edition.web_id ?? newPublicId();
  const design = draftToDesign(input.draft, input.base, `${input.publicOrigin}/web/${webId}`);
  const rendered = await renderForEdition(
    trx,
    { ...edition, web_id: webId, subject: input.draft.subject },
    design,
  );
  const savedAt = new Date();
  await trx
    .updateTable('email_versions')
    .set({
      web_id: webId,
      subject: input.draft.subject,
      design: JSON.stringify(design),
      html: rendered.html,
      text_preview: rendered.text,
      text_preview_edited: false,
      design_saved_at: savedAt,
      updated_at: savedAt,
    })
    .where('id', '=', edition.id)
    .execute();
  await trx
    .updateTable('emails')
    .set({ subject: input.draft.subject, design_ready: true, updated_at: savedAt })
    .where('id', '=', edition.email_id)
    .execute();
}
