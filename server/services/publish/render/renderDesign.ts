import mjml2html from 'mjml';
import type { EmailDesign } from '../../../../domain/emailDesign.ts';
import { designToMjml, type RenderContext } from './designToMjml.ts';
import { designToText } from './designToText.ts';

export type RenderedDesign = {
  html: string;
  text: string;
  /** MJML's validation messages (none for a document designToMjml wrote; checked only when asked). */
  errors: string[];
};

export type RenderOptions = {
  /**
   * MJML validation: 'skip' (default: designToMjml writes only valid documents, and validating costs a
   * third of the render), 'soft' reports problems in errors, 'strict' throws on any (the tests).
   */
  validationLevel?: 'strict' | 'soft' | 'skip';
};

/**
 * The design as email HTML (MJML 5: responsive, table-based, every style inline; no web fonts fetched)
 * and its plain-text version. Merge fields and the preference link stay placeholders (see designToMjml).
 */
export async function renderDesign(
  design: EmailDesign,
  ctx: RenderContext,
  options: RenderOptions = {},
): Promise<RenderedDesign> {
  const result = await mjml2html(designToMjml(design, ctx), {
    validationLevel: options.validationLevel ?? 'skip',
    fonts: {},
    keepComments: false,
  });
  return {
    html: result.html,
    text: designToText(design, ctx),
    errors: result.errors.map((error) => error.formattedMessage ?? error.message),
  };
}
