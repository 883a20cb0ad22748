import { describe, expect, it } from 'vitest';
import { linkifyText } from '../../domain/linkifyText.ts';

describe('linkifyText', () => {
  it('keeps plain text as one part', () => {
    expect(linkifyText('Hello there')).toEqual([{ kind: 'text', text: 'Hello there' }]);
  });

  it('cuts out http(s) links, leaving trailing punctuation in the text', () => {
    expect(linkifyText('Open http://127.0.0.1:8080/resetPassword/abc_DEF-123.\nThanks')).toEqual([
      { kind: 'text', text: 'Open ' },
      {
        kind: 'link',
        text: 'http://127.0.0.1:8080/resetPassword/abc_DEF-123',
        href: 'http://127.0.0.1:8080/resetPassword/abc_DEF-123',
      },
      { kind: 'text', text: '.\nThanks' },
    ]);
  });

  it('finds several links', () => {
    const parts = linkifyText('a https://x.test/1 b (https://y.test/2)');
    expect(parts.filter((p) => p.kind === 'link').map((p) => p.text)).toEqual([
      'https://x.test/1',
      'https://y.test/2',
    ]);
  });

  it('never turns other schemes into links', () => {
    expect(linkifyText('javascript:alert(1) mailto:a@b.test').every((p) => p.kind === 'text')).toBe(true);
  });
});
