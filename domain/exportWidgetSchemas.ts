import { z } from 'zod';
import { parsePromotionCodes } from './promotionCodes.ts';
import { positiveIdField } from './wholeNumberField.ts';

/**
 * The promo export widget's calls (GET and POST old_export_widget/ with campaign_id and
 * promotion_codes; base /api/publish/). See docs/publish.md.
 */
export const exportWidgetQuerySchema = z.object({ campaign_id: positiveIdField('campaign_id') });

/** promotion_codes: text (one per line or comma separated) or, in a JSON body, a list of strings. */
export const exportWidgetBodySchema = z.object({
  campaign_id: positiveIdField('campaign_id'),
  promotion_codes: z
    .union([z.string().max(4000, 'promotion_codes is too long.'), z.array(z.string().max(200)).max(200)], {
      error: 'promotion_codes must be text or a list of codes.',
    })
    .default('')
    .transform((raw, ctx): string[] => {
      const parsed = parsePromotionCodes(raw);
      if (parsed.ok) return parsed.codes;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
});
