import type { AiConfig } from '../../config.ts';
import type { AiComposer } from './AiComposer.ts';
import { builtInComposer } from './builtInComposer.ts';
import { openAiCompatibleComposer } from './openAiCompatibleComposer.ts';

/** The configured language model, or the built-in composer when none is configured. */
export function aiComposerOf(config: AiConfig | null): AiComposer {
  if (!config) return builtInComposer;
  return openAiCompatibleComposer({ ...config, retries: 3, backoffMs: 1000 });
}
