/**
 * Promotion codes of a campaign's promo export widget (old_export_widget/): short codes
 * like SPRING-25 shown to a website's readers beside the campaign's latest edition. Pure: shared by the
 * codes editor and the server, which both read the same text the same way.
 */
export const MAX_PROMOTION_CODES = 20;
export const MAX_PROMOTION_CODE_LENGTH = 32;
/** Letters, digits, hyphens and underscores, starting with a letter or a digit. */
export const PROMOTION_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export type PromotionCodesResult = { ok: true; codes: string[] } | { ok: false; message: string };

/**
 * Reads promotion codes from a list or from text (one per line or separated by commas): each trimmed,
 * blanks dropped, repeats dropped (any case: SAVE10 and save10 are one code, the first kept), at most
 * MAX_PROMOTION_CODES; a code that is too long or has other characters is refused by name.
 */
export function parsePromotionCodes(input: string | readonly string[]): PromotionCodesResult {
  const pieces =
    typeof input === 'string' ? input.split(/[\n\r,]+/) : input.flatMap((x) => x.split(/[\n\r,]+/));
  const codes: string[] = [];
  const seen = new Set<string>();
  for (const piece of pieces) {
    const code = piece.trim();
    if (!code) continue;
    if (code.length > MAX_PROMOTION_CODE_LENGTH)
      return {
        ok: false,
        message: `“${code.slice(0, 40)}…” is too long: a promotion code is at most ${MAX_PROMOTION_CODE_LENGTH} characters.`,
      };
    if (!PROMOTION_CODE_PATTERN.test(code))
      return {
        ok: false,
        message: `“${code}” is not a promotion code: use letters, digits, hyphens and underscores only.`,
      };
    const key = code.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    codes.push(code);
  }
  if (codes.length > MAX_PROMOTION_CODES)
    return {
      ok: false,
      message: `At most ${MAX_PROMOTION_CODES} promotion codes (you gave ${codes.length}).`,
    };
  return { ok: true, codes };
}

/** The promo export widget's settings as old_export_widget/ answers them. */
export type ExportWidgetSettings = {
  campaign_id: number;
  promotion_codes: string[];
  /** The widget's public, unguessable id. */
  widget_id: string;
  /** {PUBLIC_ORIGIN}/widget/{widget_id}: the widget page to frame. */
  widget_url: string;
  /** The HTML to paste into a website: an iframe of widget_url. */
  embed_code: string;
  /** The edition the widget shows now: the campaign's latest sent one, if any. */
  latest_edition: { version_id: number; subject: string; sent_at: string | null } | null;
};
