import { z } from 'zod';

/**
 * Zod compiles object schemas with `new Function` when the page allows it, and probes for that by trying
 * once; under the Content-Security-Policy (no 'unsafe-eval') the probe itself is reported as a violation.
 * Imported first by the workbench's entry: schemas are interpreted, never compiled.
 */
z.config({ jitless: true });
