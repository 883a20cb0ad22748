import { escapeHtml } from '../../lib/escapeHtml.ts';
import type { WidgetContent } from './widgetContent.ts';

/** Only web addresses become links; anything else (javascript:, data:, a typo) is shown as plain text. */
function webUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

const STYLE = `
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#fff}
main{padding:16px;max-width:480px}
h1{font-size:17px;margin:0 0 4px}
p{margin:0 0 10px}
.eyebrow{font-size:12px;letter-spacing:.04em;text-transform:uppercase;color:#4b5563;margin:0 0 4px}
ul{margin:0 0 12px;padding-left:18px}
li{margin:0 0 4px}
a{color:#1d4ed8}
.codes{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:6px}
.codes li{margin:0}
code{display:inline-block;font:600 14px/1.2 ui-monospace,Menlo,Consolas,monospace;padding:6px 10px;border:1px dashed #6b7280;border-radius:6px;background:#f9fafb;color:#111827}
h2{font-size:14px;margin:12px 0 6px}
`;

/**
 * The promo export widget as a small document of its own, for a website to frame: the campaign's latest
 * sent edition (its subject, a link to its web version, a few article titles) and the promotion codes.
 * Everything is escaped; links open in a new tab; no script.
 */
export function widgetHtml(content: WidgetContent, publicOrigin: string): string {
  const parts: string[] = [];
  if (content.edition) {
    const { subject, webId, articles } = content.edition;
    parts.push(
      '<p class="eyebrow">Latest newsletter</p>',
      `<h1>${escapeHtml(subject || 'Our newsletter')}</h1>`,
    );
    if (articles.length > 0) {
      const items = articles.map((article) => {
        const href = webUrl(article.url);
        const title = escapeHtml(article.title);
        return href
          ? `<li><a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${title}</a></li>`
          : `<li>${title}</li>`;
      });
      parts.push(`<ul aria-label="In this edition">${items.join('')}</ul>`);
    }
    const web = `${publicOrigin}/web/${encodeURIComponent(webId)}`;
    parts.push(
      `<p><a href="${escapeHtml(web)}" target="_blank" rel="noopener noreferrer">Read the whole edition</a></p>`,
    );
  } else {
    parts.push('<h1>Our newsletter</h1>', '<p>The first edition is on its way.</p>');
  }
  if (content.promotionCodes.length > 0) {
    const codes = content.promotionCodes.map((code) => `<li><code>${escapeHtml(code)}</code></li>`);
    parts.push(
      '<h2 id="codes">Promotion codes</h2>',
      `<ul class="codes" aria-labelledby="codes">${codes.join('')}</ul>`,
    );
  }
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>Latest newsletter</title><style>${STYLE}</style></head><body><main>${parts.join('')}</main></body></html>`
  );
}
