import { DEFAULT_THEME, type EmailDesign } from '../../../domain/emailDesign.ts';

/** A small design with one block of most kinds (and a columns block with children). */
export function sampleDesign(): EmailDesign {
  const layout = {
    padding: [12, 24, 12, 24] as [number, number, number, number],
    align: 'left' as const,
    background: null,
  };
  return {
    version: 1,
    theme: { ...DEFAULT_THEME },
    blocks: [
      {
        ...layout,
        id: 'h1',
        kind: 'header',
        logoUrl: null,
        logoAlt: 'Logo',
        title: '<h1>Weekly digest</h1>',
      },
      {
        ...layout,
        id: 't1',
        kind: 'text',
        html: '<p>Hello <strong>there</strong>, <a href="https://example.com">read</a></p>',
      },
      {
        ...layout,
        id: 'b1',
        kind: 'button',
        label: 'Go',
        href: 'https://example.com',
        color: '#1b3487',
        textColor: '#ffffff',
      },
      {
        ...layout,
        id: 'c1',
        kind: 'columns',
        columns: [
          [{ ...layout, id: 'c1t', kind: 'text', html: '<p>Left</p>' }],
          [{ ...layout, id: 'c1s', kind: 'spacer', height: 20 }],
        ],
      },
      {
        ...layout,
        id: 'l1',
        kind: 'articleList',
        layout: 'list',
        limit: 5,
        showImages: true,
        showSummary: true,
      },
      {
        ...layout,
        id: 'f1',
        kind: 'footer',
        html: '<p>Footer</p>',
        postalAddress: '1 Main St',
        showPreferenceLink: true,
      },
    ],
  };
}
