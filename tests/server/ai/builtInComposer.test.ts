import { describe, expect, it } from 'vitest';
import { type AiDraftRequest, aiDraftSchema } from '../../../domain/aiDraft.ts';
import { AI_PERSONALITIES } from '../../../domain/aiPersonalities.ts';
import { loadConfig } from '../../../server/config.ts';
import { aiComposerOf } from '../../../server/services/ai/aiComposerOf.ts';
import {
  BUILT_IN_LABEL,
  builtInComposer,
  composeBuiltIn,
  topicOf,
} from '../../../server/services/ai/builtInComposer.ts';

const request = (over: Partial<AiDraftRequest> = {}): AiDraftRequest => ({
  prompt: 'Our spring pricing update. Plans get cheaper for teams of five or more.',
  personality: 'Steady',
  audienceCount: 12,
  organisationName: 'Northwind',
  articles: [
    { title: 'Pricing that grows with you', summary: 'What changes on 1 April.' },
    { title: 'Teams of five', summary: 'Why the threshold is five.' },
  ],
  ...over,
});

describe('the built-in composer (no language model configured)', () => {
  it('says what it is, never a model', () => {
    expect(builtInComposer.kind).toBe('built-in');
    expect(builtInComposer.label).toBe('Built-in composer, no language model configured');
    expect(BUILT_IN_LABEL).not.toMatch(/\bAI model\b|GPT|LLM/i);
  });

  it("greets the readers the AI email is addressed to (emails_to), in each personality's own way", () => {
    for (const p of AI_PERSONALITIES) {
      const named = composeBuiltIn(request({ personality: p.type, addressedTo: 'Valued partners' }));
      expect(named.paragraphs[0]).toContain('Valued partners');
      expect(aiDraftSchema.safeParse(named).success).toBe(true);
      const unnamed = composeBuiltIn(request({ personality: p.type }));
      expect(unnamed.paragraphs.join(' ')).not.toContain('Valued partners');
      expect(named.paragraphs.slice(1)).toEqual(unnamed.paragraphs.slice(0, named.paragraphs.length - 1));
    }
  });

  it('writes a valid, different variant for each personality: tone, length, order and call to action', () => {
    const drafts = AI_PERSONALITIES.map((p) => composeBuiltIn(request({ personality: p.type })));
    for (const draft of drafts) expect(aiDraftSchema.safeParse(draft).success).toBe(true);
    expect(new Set(drafts.map((d) => d.subject)).size).toBe(5);
    expect(new Set(drafts.map((d) => d.call_to_action)).size).toBe(5);
    const byType = Object.fromEntries(AI_PERSONALITIES.map((p, i) => [p.type, drafts[i]]));
    const words = (type: string) => byType[type]?.paragraphs.join(' ').split(/\s+/).length ?? 0;
    // Dominant is the shortest; Conscientious quotes the prompt and cites its sources.
    for (const type of ['Influencer', 'Steady', 'Conscientious'])
      expect(words('Dominant')).toBeLessThan(words(type));
    expect(byType.Conscientious?.paragraphs.join(' ')).toContain('Our spring pricing update.');
    expect(byType.Conscientious?.paragraphs.join(' ')).toMatch(/Sources: the two articles/);
    // Steady goes step by step; Influencer speaks of others.
    expect(byType.Steady?.paragraphs.join(' ')).toMatch(/First, .* Then /s);
    expect(byType.Influencer?.paragraphs[0]).toContain('Northwind');
  });

  it('is the same for the same request, takes the topic from the prompt, and shows articles only when there are some', async () => {
    expect(await builtInComposer.compose(request())).toEqual(composeBuiltIn(request()));
    expect(composeBuiltIn(request()).heading).toBe('Our spring pricing update');
    expect(composeBuiltIn(request()).include_articles).toBe(true);
    expect(composeBuiltIn(request({ articles: [] })).include_articles).toBe(false);
    expect(topicOf('   ')).toBe('Our latest news');
    const long = topicOf(`${'word '.repeat(40)}end.`);
    expect(long.length).toBeLessThanOrEqual(61);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('which composer the server uses', () => {
  it('the built-in one without AI_BASE_URL and AI_MODEL; the model with both; one alone is a start-up error', () => {
    expect(aiComposerOf(loadConfig({}).ai)).toBe(builtInComposer);
    const config = loadConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'llama3.1' });
    expect(config.ai).toMatchObject({
      model: 'llama3.1',
      apiKey: undefined,
      timeoutMs: 120_000,
      maxTokens: 1200,
    });
    const model = aiComposerOf(config.ai);
    expect(model.kind).toBe('model');
    expect(model.label).toBe('Written by llama3.1');
    expect(() => loadConfig({ AI_MODEL: 'llama3.1' })).toThrow('AI_BASE_URL and AI_MODEL are set together');
    expect(() => loadConfig({ AI_BASE_URL: 'ftp://x', AI_MODEL: 'm' })).toThrow('must be an http(s) URL');
  });
});
