import { aiVariantName } from '../../../domain/aiEmailSchemas.ts';
import { AI_PERSONALITIES, type AiPersonalityType } from '../../../domain/aiPersonalities.ts';
import { EMAIL_NAME_EXISTS } from '../../../domain/campaignSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import { badRequest } from '../../lib/AppError.ts';
import { emailNameTaken } from '../campaign/campaignQueries.ts';
import { createCampaignIn } from '../campaign/createCampaignIn.ts';
import { lockOrganisation } from '../campaign/lockOrganisation.ts';
import { moveCampaignToTop } from '../campaign/moveCampaignToTop.ts';
import { loadBrand, organisationDefaultDesign } from '../publish/designQueries.ts';
import type { AiArticle } from './aiArticles.ts';
import type { AiOutput } from './aiGenerationQueries.ts';
import { writeVariantDesign } from './writeVariantDesign.ts';

/** An AI variant's email name (the generation's name and the personality). */
export const variantName = aiVariantName;

/** The AI email type (email_type 2). */
export const AI_EMAIL_TYPE = 2;

/**
 * Keeps a finished generation, all at once (one transaction): its campaign when it makes one, one AI email
 * per variant with its edition as a saved designer document around the articles, the generation done with
 * what was asked and written. A generation no longer running (cancelled, given up) keeps nothing: false.
 */
export async function saveVariants(
  db: Db,
  input: { generationId: number; outputs: AiOutput[]; articles: AiArticle[]; publicOrigin: string },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const gen = await trx
      .selectFrom('ai_generation')
      .selectAll()
      .where('id', '=', input.generationId)
      .forUpdate()
      .executeTakeFirst();
    if (gen?.state !== 'running') return false;
    await lockOrganisation(trx, gen.org_id);
    const author = await trx
      .selectFrom('users')
      .select(['id', 'org_id', 'internal_level', 'email', 'first_name', 'last_name'])
      .where('id', '=', gen.created_by ?? 0)
      .where('org_id', '=', gen.org_id)
      .executeTakeFirstOrThrow();
    let campaignId = gen.campaign_id;
    if (gen.new_campaign_name)
      campaignId = await createCampaignIn(trx, author, {
        campaign_name: gen.new_campaign_name,
        keywords: [],
        contact_ids: gen.audience_contact_ids,
        list_ids: gen.audience_list_ids,
      });
    const base = (await organisationDefaultDesign(trx, gen.org_id, await loadBrand(trx, gen.org_id))).design;
    const order = (type: AiPersonalityType) => AI_PERSONALITIES.findIndex((p) => p.type === type);
    for (const output of [...input.outputs].sort((a, b) => order(a.personality) - order(b.personality))) {
      const name = variantName(gen.name, output.personality);
      if (await emailNameTaken(trx, gen.org_id, campaignId, name)) throw badRequest(EMAIL_NAME_EXISTS);
      const email = await trx
        .insertInto('emails')
        .values({
          org_id: gen.org_id,
          user_id: author.id,
          campaign_id: campaignId,
          name,
          subject: output.draft.subject,
          email_type: AI_EMAIL_TYPE,
          design_ready: true,
          thumbnail: null,
          email_platform: 'workbench',
          html: null,
          sent_from: author.email,
          sender_name: `${author.first_name} ${author.last_name}`.trim() || author.email,
          generation_id: gen.id,
          personality_type: output.personality,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const edition = await trx
        .selectFrom('email_versions')
        .select('id')
        .where('email_id', '=', email.id)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      if (input.articles.length > 0 && output.draft.include_articles)
        await trx
          .insertInto('edition_articles')
          .values(
            input.articles.map((article, position) => ({
              version_id: edition.id,
              article_id: article.id,
              position,
              added_by: author.id,
            })),
          )
          .execute();
      await writeVariantDesign(trx, {
        orgId: gen.org_id,
        versionId: edition.id,
        draft: output.draft,
        base,
        publicOrigin: input.publicOrigin,
      });
    }
    await trx
      .updateTable('ai_generation')
      .set({
        state: 'done',
        campaign_id: campaignId,
        new_campaign_name: null,
        done: gen.total,
        finished_at: new Date(),
        outputs: JSON.stringify(input.outputs),
      })
      .where('id', '=', gen.id)
      .execute();
    await moveCampaignToTop(trx, gen.org_id, campaignId);
    return true;
  });
}
