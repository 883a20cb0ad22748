import { describe, expect, it } from 'vitest';
import { DEFAULT_JOURNEY_CRITERIA, journeyCriteriaSchema } from '../../domain/journeyScoring.ts';
import { isJourneyDomain, journeyTrackingInputSchema } from '../../domain/journeyTracking.ts';

const messages = (input: unknown) => {
  const parsed = journeyCriteriaSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('website domains', () => {
  it('takes hostnames and localhost; no scheme, port, path, wildcard or bare IP', () => {
    for (const ok of [
      'example.com',
      'www.example.co.uk',
      'a-b.example',
      'localhost',
      'xn--bcher-kva.example',
    ])
      expect(isJourneyDomain(ok)).toBe(true);
    for (const bad of [
      'https://example.com',
      'example.com:8080',
      'example.com/x',
      '*.example.com',
      'example',
      '10.0.0.1',
      '-a.example',
      'a..example',
      '',
    ])
      expect(isJourneyDomain(bad)).toBe(false);
  });

  it('trims, lower-cases and keeps each domain once', () => {
    expect(
      journeyTrackingInputSchema.parse({ domains: [' Example.COM ', 'example.com', 'www.example.com'] }),
    ).toEqual({
      domains: ['example.com', 'www.example.com'],
    });
  });
});

describe('scoring criteria', () => {
  it('takes the defaults', () => {
    expect(messages(DEFAULT_JOURNEY_CRITERIA)).toEqual([]);
  });

  it('refuses positive unsubscribe points, a pattern without /, a half-life of 0, and stages out of order', () => {
    expect(
      messages({
        ...DEFAULT_JOURNEY_CRITERIA,
        unsubscribe: 3,
        page_patterns: [{ pattern: 'pricing', points: 5 }],
        half_life_days: 0,
        stages: [
          { name: 'A', min_score: 1 },
          { name: 'B', min_score: 1 },
          { name: 'a', min_score: 9 },
        ],
      }),
    ).toEqual([
      'unsubscribe: An unsubscribe takes points away: use 0 or less.',
      'page_patterns.0.pattern: A page pattern starts with / (the path after the domain).',
      'half_life_days: At least 1 day.',
      'stages.0.min_score: The first stage starts at 0.',
      'stages.1.min_score: Above the A stage’s 1.',
      'stages.2.name: Another stage has this name.',
    ]);
  });
});
