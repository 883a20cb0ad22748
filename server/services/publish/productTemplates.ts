import {
  DEFAULT_THEME,
  type DesignBlock,
  type DesignTheme,
  type EmailDesign,
} from '../../../domain/emailDesign.ts';

/**
 * The product's own templates (email_templates with org_id null, featured): offered to every
 * organisation on the featured tab. Written into every database by migration m0023 (and found there by
 * name); 'Weekly digest' is default_template/ and the design of an edition never designed.
 */
export const DEFAULT_TEMPLATE_NAME = 'Weekly digest';

const pad = (top: number, side: number, bottom = top): [number, number, number, number] => [
  top,
  side,
  bottom,
  side,
];
const base = { align: 'left' as const, background: null };

function header(theme: DesignTheme, title: string): DesignBlock {
  return {
    ...base,
    id: 'header',
    kind: 'header',
    padding: pad(24, 24, 8),
    align: 'center',
    logoUrl: theme.logoUrl,
    logoAlt: 'Logo',
    title: `<h1>${title}</h1>`,
  };
}

function footer(postalAddress: string): DesignBlock {
  return {
    ...base,
    id: 'footer',
    kind: 'footer',
    padding: pad(16, 24, 24),
    align: 'center',
    html: '<p>You receive this email because you subscribed to our news.</p>',
    postalAddress,
    showPreferenceLink: true,
  };
}

function social(): DesignBlock {
  return {
    ...base,
    id: 'social',
    kind: 'social',
    padding: pad(8, 24),
    align: 'center',
    links: [
      { network: 'website', href: 'https://example.com' },
      { network: 'linkedin', href: 'https://www.linkedin.com' },
      { network: 'x', href: 'https://x.com' },
    ],
  };
}

function button(theme: DesignTheme, id: string, label: string): DesignBlock {
  return {
    ...base,
    id,
    kind: 'button',
    padding: pad(16, 24),
    align: 'center',
    label,
    href: 'https://example.com',
    color: theme.accentColor,
    textColor: '#ffffff',
  };
}

export type ProductTemplate = { name: string; description: string; design: EmailDesign };

/** The product templates, in the theme and with the postal address given (the defaults when none). */
export function productTemplates(theme: DesignTheme = DEFAULT_THEME, postalAddress = ''): ProductTemplate[] {
  return [
    {
      name: DEFAULT_TEMPLATE_NAME,
      description: "A digest of the edition's curated articles with an introduction and a call to action.",
      design: {
        version: 1,
        theme,
        blocks: [
          header(theme, 'This week'),
          {
            ...base,
            id: 'intro',
            kind: 'text',
            padding: pad(8, 24),
            html: '<p>Hi {{first_name|there}},</p><p>Here is what caught our eye this week.</p>',
          },
          {
            ...base,
            id: 'articles',
            kind: 'articleList',
            padding: pad(8, 24),
            layout: 'list',
            limit: 20,
            showImages: true,
            showSummary: true,
          },
          button(theme, 'cta', 'Read more on our site'),
          social(),
          footer(postalAddress),
        ],
      },
    },
    {
      name: 'Announcement',
      description: 'One message with an image and a button: a launch, an event, an offer.',
      design: {
        version: 1,
        theme,
        blocks: [
          header(theme, 'Big news'),
          {
            ...base,
            id: 'image',
            kind: 'image',
            padding: pad(0, 0),
            align: 'center',
            // Left for the user to upload (the designer shows where); renders nothing until then.
            src: '',
            alt: '',
            href: '',
            width: 600,
          },
          {
            ...base,
            id: 'body',
            kind: 'text',
            padding: pad(16, 24),
            html: '<h2>Say what is new</h2><p>Hi {{first_name|there}}, tell your readers in two or three sentences what is happening and why it matters to them.</p>',
          },
          button(theme, 'cta', 'Find out more'),
          { ...base, id: 'divider', kind: 'divider', padding: pad(8, 24), color: '#e5e7eb', thickness: 1 },
          social(),
          footer(postalAddress),
        ],
      },
    },
    {
      name: 'Newsletter with columns',
      description: 'An introduction, two columns side by side, the lead article and the rest of the edition.',
      design: {
        version: 1,
        theme,
        blocks: [
          header(theme, 'Our newsletter'),
          {
            ...base,
            id: 'intro',
            kind: 'text',
            padding: pad(8, 24),
            html: '<p>Hi {{first_name|there}}, welcome to this edition.</p>',
          },
          {
            ...base,
            id: 'columns',
            kind: 'columns',
            padding: pad(8, 12),
            columns: [
              [
                {
                  ...base,
                  id: 'left-text',
                  kind: 'text',
                  padding: pad(8, 12),
                  html: '<h3>In focus</h3><p>A short note on the theme of this edition.</p>',
                },
              ],
              [
                {
                  ...base,
                  id: 'right-text',
                  kind: 'text',
                  padding: pad(8, 12),
                  html: '<h3>Coming up</h3><p>Dates, events and what to look out for.</p>',
                },
              ],
            ],
          },
          { ...base, id: 'spacer', kind: 'spacer', padding: pad(0, 0), height: 16 },
          {
            ...base,
            id: 'articles',
            kind: 'articleList',
            padding: pad(8, 24),
            layout: 'cards',
            limit: 10,
            showImages: true,
            showSummary: true,
          },
          social(),
          footer(postalAddress),
        ],
      },
    },
  ];
}

/** A design in another theme and with the organisation's postal address in its footers. */
export function withBrand(design: EmailDesign, theme: DesignTheme, postalAddress: string): EmailDesign {
  return {
    ...design,
    theme,
    blocks: design.blocks.map((block) => {
      if (block.kind === 'footer') return { ...block, postalAddress: block.postalAddress || postalAddress };
      if (block.kind === 'header') return { ...block, logoUrl: block.logoUrl ?? theme.logoUrl };
      if (block.kind === 'button' && block.color === design.theme.accentColor)
        return { ...block, color: theme.accentColor };
      return block;
    }),
  };
}
