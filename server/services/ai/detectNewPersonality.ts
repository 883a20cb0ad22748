import type { z } from 'zod';
import { AI_FAILURES, type detectNewPersonalityBodySchema } from '../../../domain/aiEmailSchemas.ts';
import { AI_PERSONALITIES } from '../../../domain/aiPersonalities.ts';
import type { Db } from '../../db/Db.ts';
import { badRequest } from '../../lib/AppError.ts';
import { loadGeneration } from './aiGenerationQueries.ts';
import { aiVariantEmails } from './aiVariantEmails.ts';
import { segmentAudience } from './segmentAudience.ts';

/**
 * detect_new_personality/: the personalities the audience has now (contact_ids and list_ids; none given:
 * the generation's own) that the generation has no variant for (nor `personalities`, the letters the
 * screen already shows): each with its code, colour and segment size. None: 400 'No new personality
 * found!'; an audience with nobody in it: 400 'Provide valid Audience for Audience segregation'.
 */
export async function detectNewPersonality(
  db: Db,
  orgId: number,
  input: z.infer<typeof detectNewPersonalityBodySchema>,
) {
  const gen = await loadGeneration(db, orgId, input.generation_id);
  const given = input.contact_ids.length > 0 || input.list_ids.length > 0;
  const segments = await segmentAudience(db, {
    orgId,
    listIds: given ? input.list_ids : gen.audience_list_ids,
    contactIds: given ? input.contact_ids : gen.audience_contact_ids,
  });
  if (segments.size === 0) throw badRequest(AI_FAILURES.noSegment);
  const known = new Set([
    ...(await aiVariantEmails(db, orgId, { generationId: gen.id })).map((v) => v.personality_type),
    ...input.personalities,
  ]);
  const personalities = AI_PERSONALITIES.filter((p) => segments.has(p.type) && !known.has(p.type)).map(
    (p) => ({
      ai_type: p.type,
      letter: p.letter,
      ai_code: p.code,
      ai_color: p.color,
      segment_size: segments.get(p.type)?.size ?? 0,
    }),
  );
  if (personalities.length === 0) throw badRequest(AI_FAILURES.noNewPersonality);
  return { personalities };
}
