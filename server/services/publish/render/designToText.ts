import { compile } from 'html-to-text';
import {
  type DesignBlock,
  type EmailDesign,
  type LeafBlock,
  SOCIAL_NETWORK_LABELS,
} from '../../../../domain/emailDesign.ts';
import type { DesignArticle } from '../../../../domain/publishAnswers.ts';
import { escapeHtml } from '../../../lib/escapeHtml.ts';
import { PREFERENCE_URL_PLACEHOLDER } from '../../delivery/renderMarketingEmail.ts';
import type { RenderContext } from './designToMjml.ts';
import { safeHref, sanitiseRichText } from './sanitiseRichText.ts';

const a = escapeHtml;

/** html-to-text's converter, compiled once (compiling its options costs more than converting an email). */
const toText = compile({
  wordwrap: 78,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false, leadingLineBreaks: 2 } },
    { selector: 'hr', options: { length: 40 } },
  ],
});

function anchor(href: string, label: string): string {
  const safe = safeHref(href);
  return safe === null ? a(label) : `<a href="${a(safe)}">${a(label)}</a>`;
}

function leafHtml(block: LeafBlock): string {
  switch (block.kind) {
    case 'text':
      return sanitiseRichText(block.html);
    case 'image':
      return block.alt.trim() && safeHref(block.href) ? `<p>${anchor(block.href, block.alt)}</p>` : '';
    case 'button':
      return block.label.trim() ? `<p>${anchor(block.href, block.label)}</p>` : '';
    case 'divider':
      return '<hr>';
    case 'spacer':
      return '';
  }
}

function articleHtml(article: DesignArticle, showSummary: boolean): string {
  const summary = showSummary && article.summary ? `<p>${a(article.summary)}</p>` : '';
  const source = article.source_name ? `<p>${a(article.source_name)}</p>` : '';
  return `<h3>${anchor(article.url, article.title)}</h3>${summary}${source}`;
}

function blockHtml(block: DesignBlock, ctx: RenderContext): string {
  switch (block.kind) {
    case 'header':
      return sanitiseRichText(block.title);
    case 'text':
    case 'image':
    case 'button':
    case 'divider':
    case 'spacer':
      return leafHtml(block);
    case 'columns':
      return block.columns.flatMap((cells) => cells.map(leafHtml)).join('');
    case 'social': {
      const links = block.links.filter((entry) => safeHref(entry.href) !== null);
      return links.length === 0
        ? ''
        : `<p>${links.map((entry) => anchor(entry.href, SOCIAL_NETWORK_LABELS[entry.network])).join('<br>')}</p>`;
    }
    case 'articleCard': {
      const article = ctx.articles.find((entry) => entry.id === block.articleId);
      return article ? articleHtml(article, block.showSummary) : '';
    }
    case 'articleList':
      return ctx.articles
        .slice(0, block.limit)
        .map((article) => articleHtml(article, block.showSummary))
        .join('');
    case 'footer': {
      const address = block.postalAddress.trim()
        ? `<p>${a(block.postalAddress.trim()).replace(/\r?\n/g, '<br>')}</p>`
        : '';
      const preference =
        block.showPreferenceLink && ctx.preferenceLink
          ? `<p>Manage your preferences or unsubscribe: ${PREFERENCE_URL_PLACEHOLDER}</p>`
          : '';
      return `<hr>${sanitiseRichText(block.html)}${address}${preference}`;
    }
  }
}

/**
 * The plain-text version of a design (html-to-text over a plain rendering of its blocks, not over the
 * email's layout tables): headings, paragraphs and lists; links as "label [url]"; articles with their
 * links; the footer's address and preference link. Merge fields stay placeholders.
 */
export function designToText(design: EmailDesign, ctx: RenderContext): string {
  const web = ctx.webUrl ? `<p>View in browser: ${a(ctx.webUrl)}</p>` : '';
  const html = web + design.blocks.map((block) => blockHtml(block, ctx)).join('');
  return toText(html)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
