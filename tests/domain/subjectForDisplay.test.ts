import { describe, expect, it } from 'vitest';
import { subjectForDisplay } from '../../domain/subjectForDisplay.ts';

describe('subjectForDisplay', () => {
  it('decodes numeric references and names a missing subject', () => {
    expect(subjectForDisplay('Hello &#128075; &#x1F600;')).toBe('Hello 👋 😀');
    expect(subjectForDisplay('')).toBe('(no subject)');
    expect(subjectForDisplay(null)).toBe('(no subject)');
    expect(subjectForDisplay('Fish &amp; chips')).toBe('Fish &amp; chips');
  });
});
