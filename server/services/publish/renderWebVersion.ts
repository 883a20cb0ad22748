import { fillMergeFields } from '../../../domain/mergeFields.ts';
import { resolveSendHtml } from '../delivery/renderMarketingEmail.ts';
import { renderDesign } from './render/renderDesign.ts';
import type { WebVersionInputs } from './webVersionInputs.ts';

export async function renderWebVersion(inputs: WebVersionInputs, publicOrigin: string): Promise<string> {
  const rendered = await renderDesign(inputs.design, inputs.context);
  return resolveSendHtml(fillMergeFields(rendered.html, {}), publicOrigin, publicOrigin);
}
