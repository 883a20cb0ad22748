import { z } from 'zod/v4';

/**
 * `zod` as the browser builds see it (vite.config.ts aliases the bare name here). Zod compiles object
 * schemas with `new Function` when the page allows it, and probes for that once, when the first object
 * schema is built; under the Content-Security-Policy (no 'unsafe-eval') the probe itself is reported as a
 * violation. Every module that imports zod imports it through this one, so zod is jitless before any
 * schema exists, whichever chunk the bundler puts a schema in.
 */
z.config({ jitless: true });

export * from 'zod/v4';
