/**
 * A sent email as a whole document for the mailbox and outbox viewers' sandboxed frames: our base style
 * for emails without their own, and links that open in a new tab (through the click endpoint: a real
 * click). The server sends it with a policy of its own (server/lib/emailDocument.ts).
 */
export function emailDocument(html: string): string {
  const head =
    '<meta charset="utf-8"><base target="_blank">' +
    '<style>body{font:15px/1.5 system-ui,sans-serif;color:#121a2e;margin:16px;overflow-wrap:anywhere}a{color:#1b3487}</style>';
  if (/<head[^>]*>/i.test(html)) return html.replace(/<head[^>]*>/i, (tag) => `${tag}${head}`);
  if (/<html[^>]*>/i.test(html)) return html.replace(/<html[^>]*>/i, (tag) => `${tag}<head>${head}</head>`);
  return `<!doctype html><html><head>${head}</head><body>${html}</body></html>`;
}
