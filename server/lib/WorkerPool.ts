import type { Worker } from 'node:worker_threads';
import type { WorkerReply } from './serveWorkerJobs.ts';
import { spawnWorkerThread } from './spawnWorkerThread.ts';

/** Every thread is busy and the queue is full. */
export class WorkerPoolBusyError extends Error {}
/** A job ran past the pool's time limit: its thread was stopped. */
export class WorkerTimeLimitError extends Error {}

export type WorkerPoolOptions = {
  /** The worker module: its source file (from source) and the name of its bundle beside server/main.js. */
  sourceFile: URL;
  bundleName: string;
  threads: number;
  /** Jobs that may wait for a thread; one more is refused with WorkerPoolBusyError. */
  maxQueued: number;
  timeLimitMs: number;
  /** A thread idle this long is stopped (it is started again when needed). */
  idleMs?: number;
  /** Heap of each thread (MB). */
  maxHeapMb?: number;
};

type Job = {
  id: number;
  input: unknown;
  resolve: (json: string) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
};

/**
 * A few worker threads that run CPU-heavy jobs off the event loop, so that a heavy request never delays
 * the others (the public pages and the tracking pixel above all). Threads start on demand, stop when idle,
 * and a job over the time limit has its thread terminated. Results come back as JSON text.
 */
export class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly running = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  private readonly idleTimers = new Map<Worker, NodeJS.Timeout>();
  private readonly live = new Set<Worker>();
  private starting = 0;
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Runs a job; resolves with its result as JSON text. */
  run(input: unknown): Promise<string> {
    if (this.closed) return Promise.reject(new Error('The worker pool is stopped.'));
    const free = this.idle.length > 0 || this.live.size < this.options.threads;
    if (!free && this.queue.length >= this.options.maxQueued) {
      return Promise.reject(new WorkerPoolBusyError('Every worker thread is busy.'));
    }
    return new Promise<string>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, input, resolve, reject });
      this.pump();
    });
  }

  /** Jobs running and waiting. */
  get load(): { running: number; queued: number } {
    return { running: this.running.size, queued: this.queue.length };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The server is stopping.'));
    const workers = [...this.live];
    this.idle.splice(0);
    for (const [worker, job] of this.running) {
      clearTimeout(job.timer);
      job.reject(new Error('The server is stopping.'));
      this.running.delete(worker);
    }
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      const worker = this.idle.pop();
      if (!worker) {
        // A thread starts and takes a job once it has loaded its code; the time limit counts from then.
        if (this.starting < this.queue.length && this.live.size < this.options.threads) {
          this.spawn();
          continue;
        }
        return;
      }
      const job = this.queue.shift() as Job;
      clearTimeout(this.idleTimers.get(worker));
      this.idleTimers.delete(worker);
      worker.ref();
      this.running.set(worker, job);
      job.timer = setTimeout(() => {
        this.running.delete(worker);
        this.forget(worker);
        void worker.terminate();
        job.reject(new WorkerTimeLimitError(`The job ran longer than ${this.options.timeLimitMs} ms.`));
        this.pump();
      }, this.options.timeLimitMs);
      worker.postMessage({ id: job.id, input: job.input });
    }
  }

  private spawn(): Worker {
    const { sourceFile, bundleName, maxHeapMb = 256 } = this.options;
    const worker = spawnWorkerThread(sourceFile, bundleName, {
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
    this.live.add(worker);
    this.starting += 1;
    let ready = false;
    worker.on('message', (reply: WorkerReply) => {
      if ('ready' in reply) {
        ready = true;
        this.starting -= 1;
        this.release(worker);
        this.pump();
        return;
      }
      const job = this.running.get(worker);
      if (!job || job.id !== reply.id) return;
      clearTimeout(job.timer);
      this.running.delete(worker);
      if (reply.ok) job.resolve(reply.json);
      else job.reject(new Error(reply.message));
      this.release(worker);
      this.pump();
    });
    const fail = (error: Error) => {
      if (!ready) {
        ready = true;
        this.starting -= 1;
        // A thread that cannot start fails the job waiting longest, rather than leaving it queued for ever.
        this.queue.shift()?.reject(error);
      }
      const job = this.running.get(worker);
      this.running.delete(worker);
      this.forget(worker);
      if (job) {
        clearTimeout(job.timer);
        job.reject(error);
      }
      this.pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!ready || this.running.has(worker))
        fail(new Error(`The worker thread stopped (exit code ${code}).`));
      else this.forget(worker);
    });
    return worker;
  }

  /** An idle thread never keeps the process alive, and stops after idleMs. */
  private release(worker: Worker): void {
    if (this.closed) {
      void worker.terminate();
      return;
    }
    worker.unref();
    this.idle.push(worker);
    const timer = setTimeout(() => {
      this.forget(worker);
      void worker.terminate();
    }, this.options.idleMs ?? 30_000);
    timer.unref();
    this.idleTimers.set(worker, timer);
  }

  private forget(worker: Worker): void {
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
    clearTimeout(this.idleTimers.get(worker));
    this.idleTimers.delete(worker);
    this.live.delete(worker);
  }
}
