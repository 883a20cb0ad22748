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
  // data: for the inline SVG favicon of both index.html files; https: for the images of articles (the
  // content explorer shows each article's image from its own site, asked for without a referrer).
  'img-src': "'self' data: https:",
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
 * The one <style> element Swagger UI's bundle writes into the page at start (from
 * @fastify/swagger-ui's swagger-ui-bundle.js), by its hash. A new Swagger UI may write another: the
 * e2e walk (e2e/contentSecurityPolicy.spec.ts) then reports the violation with the new hash to put here.
 */
const SWAGGER_UI_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/**
 * The API docs (Swagger UI, /api/docs): the page policy, plus the one inline <style> element Swagger
 * UI's bundle injects, allowed by its hash rather than by 'unsafe-inline'; it frames nothing.
 */
export const API_DOCS_CSP = policy({
  ...STRICT,
  'style-src': `'self' ${SWAGGER_UI_STYLE_HASH}`,
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

/**
 * The public web version of an edition (/web/{id}): an email shown as a page of its own. Like the email
 * documents: no script at all, inline styles and any image (emails style themselves inline and show
 * articles' images from their own sites), sandboxed so it cannot reach the app or its cookies; links open
 * where the reader clicks them; no page may frame it.
 */
export const WEB_VERSION_CSP = policy({
  'default-src': "'none'",
  'img-src': '* data:',
  'style-src': "'unsafe-inline'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-ancestors': "'none'",
  sandbox: 'allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation',
});

/**
 * The promo export widget (/widget/{id}): a small page any website may frame. No script at all, its own
 * inline style sheet, any image, sandboxed (an opaque origin: the framing site and the widget cannot reach
 * each other or our cookies); its links open in a new tab.
 */
export const WIDGET_CSP = policy({
  'default-src': "'none'",
  'img-src': '* data:',
  'style-src': "'unsafe-inline'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-ancestors': '*',
  sandbox: 'allow-popups allow-popups-to-escape-sandbox',
});
