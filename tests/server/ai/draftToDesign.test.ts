import { describe, expect, it } from 'vitest';
import type { AiDraft } from '../../../domain/aiDraft.ts';
import { emailDesignSchema } from '../../../domain/emailDesign.ts';
import { draftToDesign } from '../../../server/services/ai/draftToDesign.ts';
import { defaultDesign } from '../../../server/services/publish/designQueries.ts';
import { renderDesign } from '../../../server/services/publish/render/renderDesign.ts';

const brand = {
  theme: {
    fontFamily: 'Arial, sans-serif',
    textColor: '#222222',
    backgroundColor: '#f4f4f4',
    contentBackground: '#ffffff',
    accentColor: '#1b3487',
    linkColor: '#1b3487',
    logoUrl: null,
  },
  postal_address: '1 Harbour Street, Bristol',
};

const hostile: AiDraft = {
  subject: 'Hello',
  preheader: '',
  heading: '<script>alert(1)</script>Spring',
  paragraphs: ['<img src=x onerror=alert(1)>', 'Visit <a href="https://evil.test">here</a> & now'],
  call_to_action: '<b>Go</b>',
  include_articles: true,
};

describe('an AI draft in the designer', () => {
  it('is a valid design with the brand’s header and footer, every text escaped, the button on the edition’s link', async () => {
    const base = defaultDesign(brand);
    const design = draftToDesign(hostile, base, 'https://northwind.test/editions/42');
    expect(emailDesignSchema.safeParse(design).success).toBe(true);
    expect(design.blocks[0]?.kind).toBe('header');
    expect(design.blocks.at(-1)?.kind).toBe('footer');
    const text = design.blocks.find((b) => b.kind === 'text');
    expect(text && 'html' in text ? text.html : '').toBe(
      '<h2>&#60;script&#62;alert(1)&#60;/script&#62;Spring</h2><p>&#60;img src=x onerror=alert(1)&#62;</p>' +
        '<p>Visit &#60;a href=&#34;https://evil.test&#34;&#62;here&#60;/a&#62; &#38; now</p>',
    );
    const button = design.blocks.find((b) => b.kind === 'button');
    expect(button).toMatchObject({ label: '<b>Go</b>', href: 'https://northwind.test/editions/42' });
    expect(design.blocks.some((b) => b.kind === 'articleList')).toBe(true);

    const rendered = await renderDesign(design, { articles: [], preferenceLink: true, webUrl: null });
    expect(rendered.html).not.toMatch(/<script|<img src=x|href="https:\/\/evil\.test"|<b>Go<\/b>/);
    expect(rendered.html).toContain('https://northwind.test/editions/42');
  });

  it('leaves the articles out when the draft does not ask for them', () => {
    const design = draftToDesign(
      { ...hostile, include_articles: false },
      defaultDesign(brand),
      'https://x.test/e',
    );
    expect(design.blocks.some((b) => b.kind === 'articleList')).toBe(false);
  });
});
