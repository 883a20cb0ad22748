import mjml2html from 'mjml';
import { describe, expect, it } from 'vitest';
import { DESIGN_BLOCK_KINDS, type EmailDesign } from '../../../domain/emailDesign.ts';
import { fillMergeFields } from '../../../domain/mergeFields.ts';
import { PREFERENCE_URL_PLACEHOLDER } from '../../../server/services/delivery/renderMarketingEmail.ts';
import { findMissingLink } from '../../../server/services/publish/findMissingLink.ts';
import { productTemplates } from '../../../server/services/publish/productTemplates.ts';
import { designToMjml, type RenderContext } from '../../../server/services/publish/render/designToMjml.ts';
import { renderDesign } from '../../../server/services/publish/render/renderDesign.ts';
import { sanitiseRichText } from '../../../server/services/publish/render/sanitiseRichText.ts';
import { sniffImage } from '../../../server/services/publish/sniffImage.ts';
import {
  everyKindDesign,
  sampleArticles,
  TINY_GIF,
  TINY_JPEG,
  TINY_PNG,
  TINY_WEBP,
} from './designFixtures.ts';

const ctx: RenderContext = {
  articles: sampleArticles(3),
  preferenceLink: true,
  webUrl: null,
  title: 'Subject',
};

describe('designToMjml and renderDesign', () => {
  it('writes MJML that passes MJML 5 strict validation for every block kind', async () => {
    const design = everyKindDesign();
    expect(new Set(design.blocks.map((b) => b.kind))).toEqual(new Set(DESIGN_BLOCK_KINDS));
    for (const block of design.blocks) {
      const one: EmailDesign = { ...design, blocks: [block] };
      const mjml = designToMjml(one, ctx);
      const result = await mjml2html(mjml, { validationLevel: 'strict', fonts: {} });
      expect(result.errors, block.kind).toEqual([]);
      expect(result.html, block.kind).toContain('<table');
    }
    const whole = await renderDesign(
      design,
      { ...ctx, webUrl: 'https://app.test/web/x' },
      { validationLevel: 'strict' },
    );
    expect(whole.errors).toEqual([]);
    for (const template of productTemplates()) {
      const rendered = await renderDesign(template.design, ctx, { validationLevel: 'strict' });
      expect(rendered.errors, template.name).toEqual([]);
    }
    // Three columns, one still empty (just added in the designer).
    const columns = design.blocks.find((block) => block.kind === 'columns');
    if (columns?.kind !== 'columns') throw new Error('everyKindDesign has a columns block');
    const three: EmailDesign = { ...design, blocks: [{ ...columns, columns: [...columns.columns, []] }] };
    const threeColumns = await renderDesign(three, ctx, { validationLevel: 'strict' });
    expect(threeColumns.errors).toEqual([]);
    expect(threeColumns.html.match(/mj-column-per-33/g)?.length).toBeGreaterThan(0);
  });

  it('renders responsive, table-based HTML with inline styles, articles in edition order and the footer', async () => {
    const { html } = await renderDesign(everyKindDesign(2), { ...ctx, webUrl: 'https://app.test/web/abc' });
    expect(html).toContain('@media only screen'); // responsive columns
    expect(html).toMatch(/<a style="color:#1b3487" href="https:\/\/a\.test\/x\?y=1&amp;z=2">this<\/a>/);
    expect(html).toContain('Hi {{first_name|there}}'); // the merge field stays a placeholder
    expect(html).toContain(`href="${PREFERENCE_URL_PLACEHOLDER}"`);
    expect(html).toContain('1 Harbour Street<br>Bristol');
    expect(html).toContain('href="https://app.test/web/abc"');
    expect(html).toContain('View in browser');
    // The article list shows the articles in edition order (the order of ctx.articles).
    const listOnly = await renderDesign(
      { ...everyKindDesign(), blocks: everyKindDesign().blocks.filter((b) => b.id === 'list') },
      { ...ctx, articles: [...ctx.articles].reverse() },
    );
    const order = [3, 2, 1].map((n) => listOnly.html.indexOf(`Article ${n} &#38; &#60;friends&#62;`));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > (order[i - 1] as number)))).toBe(true);
    expect(html).not.toContain('fonts.googleapis.com');
    // The card shows article 2 only.
    expect(html).toContain('https://img.test/2.jpg');
  });

  it('leaves out the preference link for the web version and a card whose article is gone', async () => {
    const design = everyKindDesign(999);
    const { html } = await renderDesign(design, { ...ctx, preferenceLink: false });
    expect(html).not.toContain(PREFERENCE_URL_PLACEHOLDER);
    expect(html).toContain('1 Harbour Street');
    const card = await renderDesign(
      { ...design, blocks: design.blocks.filter((b) => b.kind === 'articleCard') },
      ctx,
    );
    expect(card.html).not.toContain('news.test');
  });

  it('makes a readable text version: headings, links, articles, address and preference link', async () => {
    const { text } = await renderDesign(everyKindDesign(), { ...ctx, webUrl: 'https://app.test/web/abc' });
    expect(text).toContain('View in browser: https://app.test/web/abc');
    expect(text).toContain('Weekly news');
    expect(text).toContain('Hi {{first_name|there}}, read this [https://a.test/x?y=1&z=2].');
    expect(text).toContain('Read more [https://a.test/more]');
    expect(text).toContain('Article 1 & <friends> [https://news.test/articles/1]');
    expect(text).toContain('LinkedIn [https://linkedin.test/acme]');
    expect(text).toContain('1 Harbour Street\nBristol');
    expect(text).toContain(PREFERENCE_URL_PLACEHOLDER);
    expect(text).not.toMatch(/<(p|a|h\d|div|table)\b/);
    expect(fillMergeFields(text, {})).toContain('Hi there, read this');
  });
});

describe('sanitiseRichText', () => {
  it('keeps the allowed subset and escapes or drops everything else', () => {
    expect(sanitiseRichText('<p class="x" onclick="evil()">Hi <b>bold</b> <i>it</i></p>')).toBe(
      '<p>Hi <strong>bold</strong> <em>it</em></p>',
    );
    expect(sanitiseRichText('<script>alert(1)</script><style>p{}</style>ok')).toBe('ok');
    expect(sanitiseRichText('<img src=x onerror=alert(1)><iframe src="https://x"></iframe>x')).toBe('x');
    expect(sanitiseRichText('<a href="javascript:alert(1)">js</a> <a href="java\tscript:x">t</a>')).toBe(
      'js t',
    );
    expect(sanitiseRichText('<a href="https://a.test/?q=&quot;x&quot;" target="_blank">a</a>')).toBe(
      '<a href="https://a.test/?q=&quot;x&quot;">a</a>',
    );
    expect(sanitiseRichText('<p><strong>open')).toBe('<p><strong>open</strong></p>');
    // A stray </p> is an empty paragraph, as a browser reads it; a second <li> closes the first.
    expect(sanitiseRichText('</p>1 < 2 & 3 &amp; "q"')).toBe('<p></p>1 &lt; 2 &amp; 3 &amp; &quot;q&quot;');
    expect(sanitiseRichText('<ul><li>a<li>b</ul><br/><h2>t</h2>')).toBe(
      '<ul><li>a</li><li>b</li></ul><br /><h2>t</h2>',
    );
    expect(sanitiseRichText('Hi {{first_name|there}}')).toBe('Hi {{first_name|there}}');
    expect(sanitiseRichText('<!-- c --><svg><script>x</script></svg>y')).toBe('y');
  });
});

describe('findMissingLink', () => {
  const base = everyKindDesign();
  const replace = (id: string, change: object): EmailDesign => ({
    ...base,
    blocks: base.blocks.map((b) => (b.id === id ? ({ ...b, ...change } as typeof b) : b)),
  });
  it('names the block whose button, link, social link or image link leads nowhere', () => {
    expect(findMissingLink(base)).toBeNull();
    expect(findMissingLink(replace('button', { href: '' }))).toBe('button');
    expect(findMissingLink(replace('button', { href: 'javascript:alert(1)' }))).toBe('button');
    expect(findMissingLink(replace('text', { html: '<p><a>no target</a></p>' }))).toBe('text');
    expect(findMissingLink(replace('text', { html: '<p><a href="">empty</a></p>' }))).toBe('text');
    expect(findMissingLink(replace('footer', { html: '<p><a href="#">top</a></p>' }))).toBe('footer');
    expect(findMissingLink(replace('social', { links: [{ network: 'x', href: ' ' }] }))).toBe('social');
    expect(findMissingLink(replace('image', { href: '' }))).toBeNull(); // an image need not link
    expect(findMissingLink(replace('image', { href: 'www.example.com' }))).toBe('image');
    const columns = base.blocks.find((b) => b.kind === 'columns');
    if (columns?.kind !== 'columns') throw new Error('no columns block');
    const broken = {
      ...columns,
      columns: [columns.columns[0] ?? [], [{ ...(columns.columns[1]?.[0] as object), href: '' }]],
    };
    expect(findMissingLink(replace('columns', broken))).toBe('right-button');
  });
});

describe('sniffImage', () => {
  it('tells PNG, JPEG, GIF and WebP by their bytes with their size, and nothing else', () => {
    expect(sniffImage(TINY_PNG)).toEqual({ contentType: 'image/png', width: 1, height: 1 });
    expect(sniffImage(TINY_GIF)).toEqual({ contentType: 'image/gif', width: 1, height: 1 });
    expect(sniffImage(TINY_JPEG)).toEqual({ contentType: 'image/jpeg', width: 1, height: 1 });
    expect(sniffImage(TINY_WEBP)).toEqual({ contentType: 'image/webp', width: 1, height: 1 });
    expect(sniffImage(Buffer.from('just text, called .png'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});
