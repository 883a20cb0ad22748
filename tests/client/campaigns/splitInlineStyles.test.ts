import { describe, expect, it } from 'vitest';
import { splitInlineStyles } from '../../../src/modules/campaigns/designer/utils/splitInlineStyles.ts';

describe('splitInlineStyles (the preview under the no-inline-style policy)', () => {
  it('moves <style> text and style attributes out of the markup, indexed for the CSSOM, and drops scripts', () => {
    const split = splitInlineStyles(
      '<html><head><style>h1{color:red}</style></head><body style="margin:0"><h1 style="font-size:20px" title="a>b">Hi</h1><script>alert(1)</script></body></html>',
    );
    expect(split.css).toBe('h1{color:red}');
    expect(split.inline).toEqual(['margin:0', 'font-size:20px']);
    expect(split.markup).not.toMatch(/\sstyle=|<style|script/);
    expect(split.markup).toContain('<h1 title="a>b" data-wb-style="1">Hi</h1>'.replace('a>b', 'a&gt;b'));
  });
});
