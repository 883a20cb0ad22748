import { DEFAULT_THEME, type EmailDesign } from '../../../domain/emailDesign.ts';
import type { EditionDesign } from '../../../domain/publishAnswers.ts';

const layout = {
  padding: [12, 24, 12, 24] as [number, number, number, number],
  align: 'left' as const,
  background: null,
};

export function designOf(buttonHref = 'https://example.com'): EmailDesign {
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
      { ...layout, id: 't1', kind: 'text', html: '<p>Hello readers</p>' },
      {
        ...layout,
        id: 'b1',
        kind: 'button',
        label: 'Go',
        href: buttonHref,
        color: '#1b3487',
        textColor: '#ffffff',
      },
      {
        ...layout,
        id: 'l1',
        kind: 'articleList',
        layout: 'list',
        limit: 5,
        showImages: false,
        showSummary: true,
      },
    ],
  };
}

export function editionDesign(design: EmailDesign = designOf()): EditionDesign {
  return {
    version_id: 41,
    email_id: 4,
    campaign_id: 3,
    email_name: 'Weekly',
    version_name: 'Issue 1',
    subject: 'Hello',
    status: 'draft',
    design,
    design_saved_at: null,
    preview_text: 'Hello readers',
    text_preview_edited: false,
    articles: [
      {
        id: 501,
        title: 'Cloud costs fall again',
        url: 'https://news.test/1',
        image_url: null,
        summary: 'Prices keep dropping.',
        source_name: 'News',
        published_at: '2026-11-20T09:00:00.000Z',
      },
    ],
    theme: { ...DEFAULT_THEME },
    postal_address: '1 Main Street',
  };
}
