import type { AiDraft } from '../../../domain/aiDraft.ts';
import type { DesignBlock, EmailDesign } from '../../../domain/emailDesign.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';

type Block<K extends DesignBlock['kind']> = Extract<DesignBlock, { kind: K }>;
const LAYOUT = {
  padding: [12, 24, 12, 24] as [number, number, number, number],
  align: 'left' as const,
  background: null,
};

/**
 * An AI variant as a designer document: the base design's theme, header and footer (the organisation's
 * brand, postal address and preference link), and between them the draft's heading, paragraphs, button and
 * (when it asks) the edition's articles. Every text of the draft is escaped: a model's answer is never
 * markup. The button links to `buttonHref` (the edition's choice), never to a link the model wrote.
 */
export function draftToDesign(draft: AiDraft, base: EmailDesign, buttonHref: string): EmailDesign {
  const find = <K extends DesignBlock['kind']>(kind: K) =>
    base.blocks.find((block): block is Block<K> => block.kind === kind);
  const header = find('header');
  const footer = find('footer');
  const textLayout = find('text') ?? { id: 'ai-text', ...LAYOUT };
  const button = find('button');
  const articles = find('articleList');
  const body: DesignBlock[] = [
    {
      ...textLayout,
      id: 'ai-text',
      kind: 'text',
      html: [
        `<h2>${escapeHtml(draft.heading)}</h2>`,
        ...draft.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      ].join(''),
    },
    {
      ...(button ?? { ...LAYOUT, color: base.theme.accentColor, textColor: '#ffffff' }),
      id: 'ai-button',
      kind: 'button',
      label: draft.call_to_action,
      href: buttonHref,
    },
    ...(draft.include_articles
      ? [
          articles ?? {
            ...LAYOUT,
            id: 'ai-articles',
            kind: 'articleList' as const,
            layout: 'list' as const,
            limit: 10,
            showImages: true,
            showSummary: true,
          },
        ]
      : []),
  ];
  return {
    version: base.version,
    theme: base.theme,
    blocks: [...(header ? [header] : []), ...body, ...(footer ? [footer] : [])],
  };
}
