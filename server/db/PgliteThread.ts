import type { Worker } from 'node:worker_threads';
import { spawnWorkerThread } from '../lib/spawnWorkerThread.ts';
import type { PgliteResult, PgliteSession } from './PgliteSession.ts';
import type {
  PgliteThreadCall,
  PgliteThreadError,
  PgliteThreadReply,
  PgliteThreadRequest,
} from './pgliteThreadProtocol.ts';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** A database error from PGlite's thread, with the fields callers test (code '23505', constraint…). */
function databaseError(error: PgliteThreadError): Error {
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  Object.assign(rebuilt, error.fields);
  return rebuilt;
}

/**
 * Embedded PGlite in its own worker thread (pgliteWorker.ts), the server's default on PGlite: the engine's
 * work runs beside the event loop instead of on it, so requests are answered while the database writes.
 * The thread keeps the process alive only while a request is waiting for it.
 */
export class PgliteThread implements PgliteSession {
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private stopped = false;
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {}

  /** Starts the thread and opens the database in it (a folder, memory://, or an in-memory copy of a dump). */
  static async open(options: { dataDir: string; template?: Blob }): Promise<PgliteThread> {
    const worker = spawnWorkerThread(new URL('./pgliteWorker.ts', import.meta.url), 'pgliteWorker');
    const thread = new PgliteThread(worker);
    await thread.started();
    const template = options.template ? await options.template.arrayBuffer() : undefined;
    try {
      await thread.send({ op: 'open', dataDir: options.dataDir, template }, template ? [template] : []);
    } catch (error) {
      await thread.close();
      throw error;
    }
    return thread;
  }

  get closed(): boolean {
    return this.stopped;
  }

  query(sql: string, params: unknown[], options?: { blob?: Blob }): Promise<PgliteResult> {
    if (!options?.blob) return this.send({ op: 'query', sql, params }) as Promise<PgliteResult>;
    return options.blob
      .arrayBuffer()
      .then((blob) => this.send({ op: 'query', sql, params, blob }, [blob]) as Promise<PgliteResult>);
  }

  execLast(sql: string): Promise<PgliteResult> {
    return this.send({ op: 'execLast', sql }) as Promise<PgliteResult>;
  }

  isInTransaction(): Promise<boolean> {
    return this.send({ op: 'isInTransaction' }) as Promise<boolean>;
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.listeners.set(channel, callbacks);
      await this.send({ op: 'listen', channel });
    }
    callbacks.add(onNotify);
    return async () => {
      const current = this.listeners.get(channel);
      if (!current?.delete(onNotify) || current.size > 0) return;
      this.listeners.delete(channel);
      if (!this.stopped) await this.send({ op: 'unlisten', channel });
    };
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    // The thread is stopped next whether or not its database closed cleanly.
    if (!this.failure) await Promise.allSettled([this.send({ op: 'close' })]);
    this.stopped = true;
    await this.worker.terminate();
  }

  private started(): Promise<void> {
    return new Promise((resolve, reject) => {
      const onMessage = (reply: PgliteThreadReply) => {
        if ('ready' in reply) {
          this.worker.off('error', reject);
          this.watch();
          resolve();
        }
      };
      this.worker.once('message', onMessage);
      this.worker.once('error', reject);
    });
  }

  /** Replies, notifications and the thread's end, once it has started. */
  private watch(): void {
    this.worker.on('message', (reply: PgliteThreadReply) => {
      if ('ready' in reply) return;
      if ('notify' in reply) {
        for (const callback of this.listeners.get(reply.notify) ?? []) callback(reply.payload);
        return;
      }
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(databaseError(reply.error));
    });
    const fail = (error: Error) => {
      this.failure = error;
      this.stopped = true;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', (error) => {
      console.error('database: the PGlite thread failed:', error);
      fail(error);
    });
    this.worker.on('exit', (code) => {
      if (!this.stopped) console.error(`database: the PGlite thread stopped (exit code ${code}).`);
      fail(new Error(`The database thread stopped (exit code ${code}).`));
    });
    this.worker.unref();
  }

  private send(body: PgliteThreadCall, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.stopped) return Promise.reject(new Error('The database is closed.'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...body } as PgliteThreadRequest, transfer);
    });
  }
}
