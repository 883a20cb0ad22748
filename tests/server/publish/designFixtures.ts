import { DEFAULT_THEME, type DesignBlock, type EmailDesign } from '../../../domain/emailDesign.ts';
import type { DesignArticle } from '../../../domain/publishAnswers.ts';

const layout = {
  padding: [10, 20, 10, 20] as [number, number, number, number],
  align: 'left' as const,
  background: null,
};

/** One block of every kind, each with every link set. */
export function everyKindDesign(articleId = 1): EmailDesign {
  const blocks: DesignBlock[] = [
    {
      ...layout,
      id: 'header',
      kind: 'header',
      logoUrl: 'https://cdn.test/logo.png',
      logoAlt: 'Acme',
      title: '<h1>Weekly news</h1>',
    },
    {
      ...layout,
      id: 'text',
      kind: 'text',
      html: '<p>Hi {{first_name|there}}, read <a href="https://a.test/x?y=1&amp;z=2">this</a>.</p><ul><li>one</li></ul>',
    },
    {
      ...layout,
      id: 'image',
      kind: 'image',
      src: 'https://cdn.test/pic.png',
      alt: 'A picture',
      href: 'https://a.test/pic',
      width: 560,
    },
    {
      ...layout,
      id: 'button',
      kind: 'button',
      label: 'Read more',
      href: 'https://a.test/more',
      color: '#1b3487',
      textColor: '#ffffff',
    },
    { ...layout, id: 'divider', kind: 'divider', color: '#e5e7eb', thickness: 2 },
    { ...layout, id: 'spacer', kind: 'spacer', height: 24 },
    {
      ...layout,
      id: 'columns',
      kind: 'columns',
      columns: [
        [{ ...layout, id: 'left', kind: 'text', html: '<h3>Left</h3>' }],
        [
          {
            ...layout,
            id: 'right-button',
            kind: 'button',
            label: 'Go',
            href: 'https://a.test/go',
            color: '#000000',
            textColor: '#ffffff',
          },
        ],
      ],
    },
    {
      ...layout,
      id: 'social',
      kind: 'social',
      links: [
        { network: 'linkedin', href: 'https://linkedin.test/acme' },
        { network: 'website', href: 'https://acme.test' },
      ],
    },
    { ...layout, id: 'card', kind: 'articleCard', articleId, showImage: true, showSummary: true },
    {
      ...layout,
      id: 'list',
      kind: 'articleList',
      layout: 'list',
      limit: 20,
      showImages: true,
      showSummary: true,
    },
    {
      ...layout,
      id: 'cards',
      kind: 'articleList',
      layout: 'cards',
      limit: 2,
      showImages: true,
      showSummary: false,
    },
    {
      ...layout,
      id: 'footer',
      kind: 'footer',
      html: '<p>Thanks for reading.</p>',
      postalAddress: '1 Harbour Street\nBristol',
      showPreferenceLink: true,
    },
  ];
  return { version: 1, theme: DEFAULT_THEME, blocks };
}

export function sampleArticles(count: number): DesignArticle[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    title: `Article ${i + 1} & <friends>`,
    url: `https://news.test/articles/${i + 1}`,
    image_url: `https://img.test/${i + 1}.jpg`,
    summary: `The summary of article ${i + 1}, a sentence or two about what it says.`,
    source_name: 'News Daily',
    published_at: new Date(Date.UTC(2026, 10, 1 + i)).toISOString(),
  }));
}

/** A design of n blocks (texts, buttons, images, dividers, columns in turn), for the 60-block benchmark. */
export function largeDesign(n: number): EmailDesign {
  const kinds = ['text', 'button', 'image', 'divider', 'columns'] as const;
  const blocks: DesignBlock[] = Array.from({ length: n }, (_, i): DesignBlock => {
    const id = `b${i}`;
    switch (kinds[i % kinds.length]) {
      case 'text':
        return {
          ...layout,
          id,
          kind: 'text',
          html: `<h2>Section ${i}</h2><p>Some <strong>text</strong> for {{first_name|you}} with <a href="https://a.test/${i}">a link</a>.</p>`,
        };
      case 'button':
        return {
          ...layout,
          id,
          kind: 'button',
          label: `Button ${i}`,
          href: `https://a.test/b/${i}`,
          color: '#1b3487',
          textColor: '#ffffff',
        };
      case 'image':
        return {
          ...layout,
          id,
          kind: 'image',
          src: `https://img.test/${i}.png`,
          alt: `Image ${i}`,
          href: '',
          width: 560,
        };
      case 'divider':
        return { ...layout, id, kind: 'divider', color: '#e5e7eb', thickness: 1 };
      default:
        return {
          ...layout,
          id,
          kind: 'columns',
          columns: [
            [{ ...layout, id: `${id}-l`, kind: 'text', html: '<p>Left column</p>' }],
            [{ ...layout, id: `${id}-r`, kind: 'text', html: '<p>Right column</p>' }],
          ],
        };
    }
  });
  return { version: 1, theme: DEFAULT_THEME, blocks };
}

/** The smallest images of each accepted type (1 x 1 pixel). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const TINY_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
export const TINY_WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
