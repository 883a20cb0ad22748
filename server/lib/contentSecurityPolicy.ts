/**
 * The Content-Security-Policies the server sends. Every page's scripts and styles come from our own origin
 * only; no inline script runs (the public pages' hydration data is a non-executable
 * `<script type="application/json">` block, which CSP does not govern); no plugin, no <base>, forms post
 * only to our own origin, and no other site may frame a page.
 */
function policy(directives: Record<string, string>): string {
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

const STRICT = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  // data: for the inline SVG favicon of both index.html files.
  'img-src': "'self' data:",
  'font-src': "'self'",
  'connect-src': "'self'",
  // The email viewers frame /api/…/html documents of our own origin (each with its own policy below).
  'frame-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
} as const;

/** The workbench, the public pages, the API's own answers and everything else without a policy of its own. */
export const PAGE_CSP = policy(STRICT);

/**
 * The API docs (Swagger UI, /api/docs): scripts from our own origin only, like every page, but styles may
 * also be inline, because Swagger UI writes `style` attributes into the markup it builds (its syntax
 * highlighter and model views) and would render unreadably without them. Scripts stay strict, so an
 * injected style can restyle the docs page but never run code.
 */
export const API_DOCS_CSP = policy({
  ...STRICT,
  'style-src': "'self' 'unsafe-inline'",
  'frame-src': "'none'",
});

/**
 * A sent email shown as it was sent, framed by the mailbox and outbox viewers of our own origin: no
 * script at all, and sandboxed (an opaque origin that cannot reach the app or its cookies). Emails style
 * themselves inline and load their images (the open pixel) from anywhere, so this document alone allows
 * inline styles and any image; links open in a new tab.
 */
export const EMAIL_DOCUMENT_CSP = policy({
  'default-src': "'none'",
  'img-src': '* data:',
  'style-src': "'unsafe-inline'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-ancestors': "'self'",
  sandbox: 'allow-popups allow-popups-to-escape-sandbox',
});
