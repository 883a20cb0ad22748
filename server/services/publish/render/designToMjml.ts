import {
  type DesignBlock,
  type DesignTheme,
  type EmailDesign,
  type LeafBlock,
  SOCIAL_NETWORK_LABELS,
} from '../../../../domain/emailDesign.ts';
import type { DesignArticle } from '../../../../domain/publishAnswers.ts';
import { escapeHtml } from '../../../lib/escapeHtml.ts';
import { PREFERENCE_URL_PLACEHOLDER } from '../../delivery/renderMarketingEmail.ts';
import { safeHref, sanitiseRichText } from './sanitiseRichText.ts';

export type RenderContext = {
  /** The edition's curated articles, in edition order. */
  articles: readonly DesignArticle[];
  /** The <title> of the document (the subject). */
  title?: string;
  /** The inbox preview line. */
  previewText?: string;
  /** The footer's preference link (a placeholder each recipient's render fills); false for the web version. */
  preferenceLink: boolean;
  /** The web version's address for the "View in browser" link, or null for none. */
  webUrl: string | null;
};

const a = escapeHtml;
const SOCIAL_NAMES = {
  website: 'web',
  linkedin: 'linkedin',
  x: 'x',
  facebook: 'facebook',
  instagram: 'instagram',
  youtube: 'youtube',
} as const;

function padding(block: { padding: readonly number[] }): string {
  return block.padding.map((n) => `${n}px`).join(' ');
}

/** A link target for an attribute: the safe href escaped, or null. */
function link(href: string): string | null {
  const safe = safeHref(href);
  return safe === null ? null : a(safe);
}

/** Heading sizes written inline (a client's defaults differ, and 2em of a 24px header is too big). */
const HEADING_STYLES = {
  h1: 'margin:0 0 12px;font-size:30px;line-height:1.2',
  h2: 'margin:0 0 12px;font-size:24px;line-height:1.25',
  h3: 'margin:0 0 12px;font-size:19px;line-height:1.3',
} as const;

/**
 * Sanitised rich text with its styles written inline (links in the theme's link colour, paragraph and
 * heading margins), so the document needs no style sheet for them.
 */
export function styledRichText(html: string, theme: DesignTheme): string {
  return sanitiseRichText(html)
    .replace(/<a href=/g, `<a style="color:${theme.linkColor}" href=`)
    .replace(/<(p|ul|ol)>/g, '<$1 style="margin:0 0 12px">')
    .replace(/<(h[123])>/g, (_, tag: 'h1' | 'h2' | 'h3') => `<${tag} style="${HEADING_STYLES[tag]}">`);
}

function textOf(block: { padding: readonly number[]; align: string }, html: string, extra = ''): string {
  return `<mj-text padding="${padding(block)}" align="${block.align}"${extra}>${html}</mj-text>`;
}

function leaf(block: LeafBlock, theme: DesignTheme): string {
  switch (block.kind) {
    case 'text':
      return textOf(block, styledRichText(block.html, theme));
    case 'image': {
      if (block.src.trim() === '') return '';
      const src = link(block.src);
      if (src === null) return '';
      const href = link(block.href);
      return `<mj-image src="${src}" alt="${a(block.alt)}"${href ? ` href="${href}"` : ''} width="${block.width}px" padding="${padding(block)}" align="${block.align}" />`;
    }
    case 'button': {
      const href = link(block.href);
      return `<mj-button${href ? ` href="${href}"` : ''} background-color="${block.color}" color="${block.textColor}" font-family="${a(theme.fontFamily)}" padding="${padding(block)}" align="${block.align}" border-radius="4px">${a(block.label)}</mj-button>`;
    }
    case 'divider':
      return `<mj-divider border-color="${block.color}" border-width="${block.thickness}px" padding="${padding(block)}" />`;
    case 'spacer':
      return `<mj-spacer height="${block.height}px" padding="${padding(block)}" />`;
  }
}

function section(background: string, columns: string, extra = ''): string {
  return `<mj-section background-color="${background}" padding="0px"${extra}>${columns}</mj-section>`;
}

function column(content: string, width?: string): string {
  return `<mj-column${width ? ` width="${width}"` : ''}>${content}</mj-column>`;
}

function articleText(article: DesignArticle, showSummary: boolean, theme: DesignTheme): string {
  const href = link(article.url);
  const title = a(article.title);
  const heading = href
    ? `<a href="${href}" style="color:${theme.textColor};text-decoration:none">${title}</a>`
    : title;
  const summary = showSummary && article.summary ? `<p style="margin:6px 0 0">${a(article.summary)}</p>` : '';
  const source = article.source_name
    ? `<p style="margin:6px 0 0;font-size:13px;color:#6b7280">${a(article.source_name)}</p>`
    : '';
  return `<h3 style="margin:0;font-size:18px;line-height:1.3">${heading}</h3>${summary}${source}`;
}

function articleImage(article: DesignArticle, width: string, pad: string): string {
  const src = article.image_url ? link(article.image_url) : null;
  if (src === null) return '';
  const href = link(article.url);
  return `<mj-image src="${src}" alt="${a(article.title)}"${href ? ` href="${href}"` : ''} width="${width}" padding="${pad}" />`;
}

function block(item: DesignBlock, theme: DesignTheme, ctx: RenderContext): string {
  const background = item.background ?? theme.contentBackground;
  switch (item.kind) {
    case 'header': {
      const logo = item.logoUrl ? link(item.logoUrl) : null;
      const image = logo
        ? `<mj-image src="${logo}" alt="${a(item.logoAlt)}" width="160px" padding="${padding(item)}" align="${item.align}" />`
        : '';
      const title = styledRichText(item.title, theme);
      const text = title.trim() ? textOf(item, title, ' font-size="24px" line-height="1.25"') : '';
      return section(background, column(image + text));
    }
    case 'text':
    case 'image':
    case 'button':
    case 'divider':
    case 'spacer': {
      const content = leaf(item, theme);
      return content ? section(background, column(content)) : '';
    }
    case 'columns': {
      const width = `${Math.floor(100 / item.columns.length)}%`;
      const columns = item.columns.map((cells) =>
        column(cells.map((cell) => leaf(cell, theme)).join(''), width),
      );
      return section(background, columns.join(''), ` padding="${padding(item)}"`);
    }
    case 'social': {
      const elements = item.links
        .map((entry) => {
          const href = link(entry.href);
          if (href === null) return '';
          return `<mj-social-element name="${SOCIAL_NAMES[entry.network]}" href="${href}" alt="${SOCIAL_NETWORK_LABELS[entry.network]}"></mj-social-element>`;
        })
        .join('');
      if (!elements) return '';
      return section(
        background,
        column(
          `<mj-social mode="horizontal" icon-size="28px" align="${item.align}" padding="${padding(item)}">${elements}</mj-social>`,
        ),
      );
    }
    case 'articleCard': {
      const article = ctx.articles.find((entry) => entry.id === item.articleId);
      if (!article) return '';
      const image = item.showImage ? articleImage(article, '560px', `${padding(item)}`) : '';
      return section(background, column(image + textOf(item, articleText(article, item.showSummary, theme))));
    }
    case 'articleList': {
      const articles = ctx.articles.slice(0, item.limit);
      if (articles.length === 0) return '';
      if (item.layout === 'cards') {
        return articles
          .map((article) => {
            const image = item.showImages
              ? articleImage(
                  article,
                  '160px',
                  `${item.padding[0]}px 8px ${item.padding[2]}px ${item.padding[3]}px`,
                )
              : '';
            const text = textOf(item, articleText(article, item.showSummary, theme));
            return image
              ? section(background, column(image, '33%') + column(text, '67%'))
              : section(background, column(text));
          })
          .join('');
      }
      const parts = articles.map((article) => {
        const image = item.showImages
          ? articleImage(
              article,
              '560px',
              `${item.padding[0]}px ${item.padding[1]}px 0px ${item.padding[3]}px`,
            )
          : '';
        return image + textOf(item, articleText(article, item.showSummary, theme));
      });
      return section(background, column(parts.join('')));
    }
    case 'footer': {
      const address = item.postalAddress.trim()
        ? `<p style="margin:8px 0 0">${a(item.postalAddress.trim()).replace(/\r?\n/g, '<br>')}</p>`
        : '';
      const preference =
        item.showPreferenceLink && ctx.preferenceLink
          ? `<p style="margin:8px 0 0"><a style="color:${theme.linkColor}" href="${PREFERENCE_URL_PLACEHOLDER}">Manage your preferences or unsubscribe</a></p>`
          : '';
      const html = styledRichText(item.html, theme) + address + preference;
      return html.trim()
        ? section(background, column(textOf(item, html, ' font-size="12px" color="#6b7280"')))
        : '';
    }
  }
}

/** The design as an MJML document (every value escaped, rich text sanitised). */
export function designToMjml(design: EmailDesign, ctx: RenderContext): string {
  const { theme } = design;
  const head =
    '<mj-head>' +
    (ctx.title ? `<mj-title>${a(ctx.title)}</mj-title>` : '') +
    (ctx.previewText ? `<mj-preview>${a(ctx.previewText)}</mj-preview>` : '') +
    `<mj-attributes><mj-all font-family="${a(theme.fontFamily)}" /><mj-text color="${theme.textColor}" font-size="16px" line-height="1.5" /></mj-attributes>` +
    '</mj-head>';
  const webLink = ctx.webUrl
    ? section(
        theme.backgroundColor,
        column(
          `<mj-text align="center" font-size="12px" color="#6b7280" padding="8px 16px"><a style="color:${theme.linkColor}" href="${a(ctx.webUrl)}">View in browser</a></mj-text>`,
        ),
      )
    : '';
  const body = design.blocks.map((item) => block(item, theme, ctx)).join('');
  return `<mjml lang="en">${head}<mj-body background-color="${theme.backgroundColor}" width="600px">${webLink}${body}</mj-body></mjml>`;
}
