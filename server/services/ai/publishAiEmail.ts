import type { z } from 'zod';
import { AI_FAILURES, type publishAiEmailBodySchema } from '../../../domain/aiEmailSchemas.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/AppError.ts';
import { editionForSend } from '../publish/editionForSend.ts';
import { publishEdition } from '../publish/publishEdition.ts';
import { savePublishSettings } from '../publish/savePublishSettings.ts';
import type { SendDeps } from '../publish/sendDeps.ts';
import { assertSendable, checkSend, preflightOf } from '../publish/sendRules.ts';
import { loadGeneration } from './aiGenerationQueries.ts';
import { aiVariantEmails } from './aiVariantEmails.ts';
import { segmentAudience } from './segmentAudience.ts';

type AiSendInput = Pick<
  z.infer<typeof publishAiEmailBodySchema>,
  'generation_id' | 'sender_address_id' | 'sender_name'
>;

/**
 * The send's plan: the generation's audience segmented again (one query), each variant's edition given its
 * segment's people as its audience and the sender, so the preflight and the send check the same editions.
 */
async function assignSegments(deps: SendDeps, user: UserRow, input: AiSendInput) {
  const gen = await loadGeneration(deps.db, user.org_id, input.generation_id);
  if (gen.state !== 'done') throw badRequest('This AI email has no variants to send yet.');
  const segments = await segmentAudience(
    deps.db,
    { orgId: user.org_id, listIds: gen.audience_list_ids, contactIds: gen.audience_contact_ids },
    true,
  );
  const plan = (await aiVariantEmails(deps.db, user.org_id, { generationId: gen.id }))
    .map((variant) => ({ variant, contactIds: segments.get(variant.personality_type)?.contactIds ?? [] }))
    .filter((step) => step.contactIds.length > 0);
  if (plan.length === 0) throw badRequest(AI_FAILURES.noSegment);
  for (const { variant, contactIds } of plan)
    await savePublishSettings(deps.db, user, {
      version_id: variant.version_id,
      ...(input.sender_address_id !== null ? { sender_address_id: input.sender_address_id } : {}),
      ...(input.sender_name !== undefined ? { sender_name: input.sender_name } : {}),
      list_ids: [],
      contact_ids: contactIds,
    });
  return { gen, plan };
}

/**
 * preflight_ai_email/: every send rule on every variant, each with its segment as its audience (the same
 * assignment the send makes), for sending now: each variant's errors and warnings, nothing sent.
 */
export async function preflightAiEmail(deps: SendDeps, user: UserRow, input: AiSendInput) {
  const { gen, plan } = await assignSegments(deps, user, input);
  const variants = [];
  for (const { variant, contactIds } of plan) {
    const edition = await editionForSend(deps.db, user.org_id, variant.version_id);
    variants.push({
      email_id: variant.email_id,
      version_id: variant.version_id,
      ai_type: variant.personality_type,
      recipients: contactIds.length,
      ...preflightOf(await checkSend(deps, user, edition, 'send')),
    });
  }
  return { generation_id: gen.id, variants };
}

/**
 * publish_ai_email/: sends each personality of the generation's audience its own variant, now, through the
 * one send path: the audience is segmented again (one query), each variant's edition takes its segment's
 * people as its audience and the sender given, every variant passes the send rules (preflight, plan,
 * recipients, warnings confirmed) before any is sent, then each is published (publishEdition: batches, one
 * email per contact and edition, tracking). Segments are disjoint, so each person gets one email. People of
 * a personality with no variant get none (detect_new_personality/ finds them).
 */
export async function publishAiEmail(
  deps: SendDeps,
  user: UserRow,
  input: z.infer<typeof publishAiEmailBodySchema>,
  timeZone: string,
) {
  const { gen, plan } = await assignSegments(deps, user, input);
  for (const { variant } of plan) {
    try {
      const edition = await editionForSend(deps.db, user.org_id, variant.version_id);
      await assertSendable(deps, user, edition, 'send', Boolean(input.confirm_warnings));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(
        error.statusCode,
        `${variant.personality_type} variant: ${error.message}`,
        error.headers,
        { ...error.details, email_id: variant.email_id, ai_type: variant.personality_type },
      );
    }
  }
  const sends = [];
  for (const { variant, contactIds } of plan) {
    const sent = await publishEdition(
      deps,
      user,
      { version_id: variant.version_id, confirm_warnings: Boolean(input.confirm_warnings) },
      timeZone,
    );
    sends.push({
      email_id: variant.email_id,
      version_id: variant.version_id,
      ai_type: variant.personality_type,
      recipients: contactIds.length,
      ...sent,
    });
  }
  return { generation_id: gen.id, sends };
}
