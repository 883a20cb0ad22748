import { parentPort } from 'node:worker_threads';

export type WorkerRequest = { id: number; input: unknown };
export type WorkerReply =
  | { id: number; ok: true; json: string }
  | { id: number; ok: false; message: string }
  /** The thread has loaded its code and takes jobs. */
  | { ready: true };

/**
 * The thread's side of WorkerPool: runs each job it is given and posts back its result as JSON text, so
 * that the main thread neither copies an object graph nor serialises it again before answering.
 */
export function serveWorkerJobs<I, O>(run: (input: I) => Promise<O> | O): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorkerJobs runs in a worker thread only.');
  port.on('message', async ({ id, input }: WorkerRequest) => {
    let reply: WorkerReply;
    try {
      reply = { id, ok: true, json: JSON.stringify(await run(input as I)) };
    } catch (error) {
      reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies WorkerReply);
}
