// Runs a TypeScript worker module from source (tests, `tsx server/main.ts`): registers tsx's loader in this
// thread, then imports the module named in workerData. The bundled server starts its built .js directly.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.sourceFile);
