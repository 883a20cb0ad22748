import type { AiConfig } from '../../config.ts';
import type { AiComposer } from './AiComposer.ts';
import { BUILT_IN_LABEL, builtInComposer } from './builtInComposer.ts';
import { openAiCompatibleComposer } from './openAiCompatibleComposer.ts';

/** The configured language model, or the built-in composer when none is configured. */
export function aiComposerOf(config: AiConfig | null): AiComposer {
  if (!config) return builtInComposer;
  return openAiCompatibleComposer(config);
}

/** How a generation names its composer: 'built-in', or 'model:<name>'. */
export function composerNameOf(config: AiConfig | null): string {
  return config ? `model:${config.model}` : 'built-in';
}

/** What the screen says about who wrote a generation's variants. */
export function composerLabelOf(name: string): string {
  return name.startsWith('model:') ? `Written by ${name.slice('model:'.length)}` : BUILT_IN_LABEL;
}
