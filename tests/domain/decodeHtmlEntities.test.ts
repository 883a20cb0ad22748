import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities } from '../../domain/decodeHtmlEntities.ts';

describe('decodeHtmlEntities', () => {
  it('reads named, decimal and hexadecimal references as a browser does', () => {
    expect(decodeHtmlEntities('Tom &amp; Jerry &lt;3 &quot;hi&quot; &#39;x&apos;')).toBe(
      `Tom & Jerry <3 "hi" 'x'`,
    );
    expect(decodeHtmlEntities('&copy; &mdash; &hellip; &nbsp;&notin;')).toBe('© — … \u00a0∉');
    expect(decodeHtmlEntities('&#128075; &#x1F44B; &#X1f44b;')).toBe('👋 👋 👋');
    expect(decodeHtmlEntities('no reference here')).toBe('no reference here');
    expect(decodeHtmlEntities('&unknown; & alone')).toBe('&unknown; & alone');
  });

  it('reads an invalid numeric reference as U+FFFD, never as the character it names', () => {
    expect(decodeHtmlEntities('&#0;|&#xD800;|&#1114112;')).toBe('\ufffd|\ufffd|\ufffd');
  });

  it('in an attribute, keeps a legacy name without ";" that a URL query uses', () => {
    expect(decodeHtmlEntities('https://a.test/?a=1&copy=2&amp;b=3', 'attribute')).toBe(
      'https://a.test/?a=1&copy=2&b=3',
    );
    expect(decodeHtmlEntities('a=1&copy=2', 'text')).toBe('a=1©=2');
    expect(decodeHtmlEntities('&#106;ava&#x09;script:', 'attribute')).toBe('java\tscript:');
  });
});
