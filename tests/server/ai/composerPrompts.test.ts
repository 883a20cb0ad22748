import { describe, expect, it } from 'vitest';
import type { AiDraftRequest } from '../../../domain/aiDraft.ts';
import { systemPrompt, userPrompt } from '../../../server/services/ai/composerPrompts.ts';

const request = (over: Partial<AiDraftRequest> = {}): AiDraftRequest => ({
  prompt: 'Our spring pricing update.',
  personality: 'Dominant',
  audienceCount: 3,
  organisationName: 'Northwind',
  articles: [{ title: 'Pricing that grows with you', summary: 'What changes on 1 April.' }],
  ...over,
});

describe('what a language model is asked for one variant', () => {
  it('names who the email is addressed to (emails_to) only when the AI email says so', () => {
    expect(userPrompt(request({ addressedTo: 'Valued partners' }))).toContain(
      'Address the readers as: Valued partners.',
    );
    expect(userPrompt(request())).not.toContain('Address the readers as');
    expect(userPrompt(request({ addressedTo: '   ' }))).not.toContain('Address the readers as');
  });

  it('carries the prompt, the personality, the segment size and the articles, and no contact data', () => {
    const asked = `${systemPrompt(request())}\n${userPrompt(request())}`;
    expect(asked).toContain('Our spring pricing update.');
    expect(asked).toContain('3 Dominant reader(s)');
    expect(asked).toContain('Pricing that grows with you');
    expect(asked).not.toMatch(/@/);
  });
});
