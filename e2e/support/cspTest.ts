import { test as base, expect } from '@playwright/test';

declare global {
  interface Window {
    __reportCspViolation?: (text: string) => Promise<void>;
  }
}

/**
 * Playwright's `test`, failing any test during which a page broke its Content-Security-Policy: every
 * document (frames and popups too) reports its `securitypolicyviolation` events, and Chromium's own
 * console messages about the policy (which also come from frames that run no script) are collected.
 * Every spec imports `test` and `expect` from here.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const found: string[] = [];
      await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
        found.push(text);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const text =
            `${event.effectiveDirective} blocked ${event.blockedURI || 'an inline resource'} ` +
            `in ${event.documentURI} (${event.sourceFile || 'the document'}:${event.lineNumber})`;
          void window.__reportCspViolation?.(text);
        });
      });
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) found.push(message.text());
      });
      await use(found);
      expect(found, 'Content-Security-Policy violations on the pages this test visited').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
