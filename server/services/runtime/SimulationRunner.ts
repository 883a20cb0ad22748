import { badRequest, tooManyRequests } from '../../lib/AppError.ts';
import { WorkerPool, WorkerPoolBusyError, WorkerTimeLimitError } from '../../lib/WorkerPool.ts';
import type { SimulationInput } from './runSimulation.ts';

/** Simulations one user may run at a time; a third is refused with 429 and Retry-After. */
export const SIMULATIONS_PER_USER = 2;
/** Simulations that may wait for a thread, all users together. */
export const SIMULATION_QUEUE = 16;

export type SimulationRunnerOptions = { threads: number; timeLimitMs: number };

/**
 * Runs workflow simulations in worker threads (WorkerPool), never on the event loop: at most
 * SIMULATIONS_PER_USER per user at a time, SIMULATION_QUEUE waiting in all, and each stopped after
 * timeLimitMs with an error that says what to do. Answers are the answer's JSON text.
 */
export class SimulationRunner {
  private readonly perUser = new Map<number, number>();
  private pool: WorkerPool | undefined;

  constructor(private readonly options: SimulationRunnerOptions) {}

  async run(userId: number, input: SimulationInput): Promise<string> {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= SIMULATIONS_PER_USER) {
      throw tooManyRequests(
        `You already have ${SIMULATIONS_PER_USER} simulations running. Wait for one to finish, then try again.`,
        Math.ceil(this.options.timeLimitMs / 1000),
      );
    }
    this.perUser.set(userId, mine + 1);
    try {
      this.pool ??= new WorkerPool({
        sourceFile: new URL('./simulationWorker.ts', import.meta.url),
        bundleName: 'simulationWorker',
        threads: this.options.threads,
        maxQueued: SIMULATION_QUEUE,
        timeLimitMs: this.options.timeLimitMs,
      });
      return await this.pool.run(input);
    } catch (error) {
      if (error instanceof WorkerPoolBusyError) {
        throw tooManyRequests('The simulator is busy with other simulations. Try again in a few seconds.', 5);
      }
      if (error instanceof WorkerTimeLimitError) {
        throw badRequest(
          `The simulation took longer than ${seconds(this.options.timeLimitMs)} s and was stopped. ` +
            'Simulate fewer contacts or fewer days.',
        );
      }
      throw error;
    } finally {
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    }
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }
}

function seconds(ms: number): string {
  return (ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 });
}
