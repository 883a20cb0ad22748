import type { AiGenerationSummary, AiVariant } from '../../../domain/aiEmailSchemas.ts';
import { AI_PERSONALITIES, type AiPersonalityType } from '../../../domain/aiPersonalities.ts';
import type { Db } from '../../db/Db.ts';
import { composerLabelOf } from './aiComposerOf.ts';
import { type AiGenerationRow, latestDrafts, loadGeneration } from './aiGenerationQueries.ts';
import { segmentAudience } from './segmentAudience.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

export function generationSummary(row: AiGenerationRow): AiGenerationSummary {
  return {
    generation_id: row.id,
    name: row.name,
    prompt: row.prompt,
    campaign_id: row.campaign_id,
    composer: row.composer,
    composer_label: composerLabelOf(row.composer),
    state: row.state,
    created_on: iso(row.created_at),
    reviewed: row.reviewed_at ? { reviewed_at: iso(row.reviewed_at), reviewed_by: row.reviewed_by } : null,
  };
}

/** The variants of a loaded generation, in personality order, with their segment sizes now. */
export async function variantsOf(db: Db, row: AiGenerationRow): Promise<AiVariant[]> {
  const [emails, segments] = await Promise.all([
    db
      .selectFrom('emails as e')
      .select([
        'e.id',
        'e.name',
        'e.subject',
        'e.personality_type',
        'e.is_reviewed',
        'e.last_visited',
        'e.thumbnail',
        (eb) =>
          eb
            .selectFrom('email_versions as v')
            .select((v) => v.fn.max('v.id').as('id'))
            .whereRef('v.email_id', '=', 'e.id')
            .as('version_id'),
      ])
      .where('e.generation_id', '=', row.id)
      .where('e.org_id', '=', row.org_id)
      .execute(),
    segmentAudience(db, {
      orgId: row.org_id,
      listIds: row.audience_list_ids,
      contactIds: row.audience_contact_ids,
    }),
  ]);
  const drafts = latestDrafts(row);
  const order = (type: AiPersonalityType | null) => AI_PERSONALITIES.findIndex((p) => p.type === type);
  return emails
    .sort((a, b) => order(a.personality_type) - order(b.personality_type) || a.id - b.id)
    .map((email) => {
      const type = email.personality_type ?? 'Others';
      const personality = AI_PERSONALITIES.find((p) => p.type === type) ?? AI_PERSONALITIES[4];
      return {
        email_id: email.id,
        version_id: Number(email.version_id),
        email_name: email.name,
        subject: email.subject,
        preheader: drafts.get(type)?.draft.preheader ?? '',
        ai_type: type,
        ai_code: personality.code,
        ai_color: personality.color,
        segment_size: segments.get(type)?.size ?? 0,
        is_reviewed: email.is_reviewed,
        last_visited: email.last_visited ? iso(email.last_visited) : null,
        thumbnail: email.thumbnail,
      };
    });
}

/** get_ai_emails/: the generation (the organisation's, else 404) and its variants. */
export async function aiEmailsOf(db: Db, orgId: number, generationId: number) {
  const row = await loadGeneration(db, orgId, generationId);
  return { generation: generationSummary(row), emails: await variantsOf(db, row) };
}
