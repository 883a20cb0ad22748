/**
 * A sent email as the document of a sandboxed iframe: no scripts and no access to the app, images load
 * (the open pixel is a real open) and links open in a new tab (through the click endpoint: a real click).
 */
export function mailboxDocument(html: string): string {
  const head =
    '<meta charset="utf-8"><base target="_blank">' +
    '<style>body{font:15px/1.5 system-ui,sans-serif;color:#121a2e;margin:16px;overflow-wrap:anywhere}a{color:#1b3487}</style>';
  if (/<head[^>]*>/i.test(html)) return html.replace(/<head[^>]*>/i, (tag) => `${tag}${head}`);
  if (/<html[^>]*>/i.test(html)) return html.replace(/<html[^>]*>/i, (tag) => `${tag}<head>${head}</head>`);
  return `<!doctype html><html><head>${head}</head><body>${html}</body></html>`;
}
