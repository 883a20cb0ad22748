import type { Clock } from './runtimePorts.ts';
import type { StepScheduler } from './stepScheduler.ts';

/**
 * The workflow runtime running in this process, if any: code outside the runtime (list additions, the
 * resume of a workflow) schedules through it, or leaves the work to the runtime's sweep when none runs.
 */
type Registered = { scheduler: StepScheduler; clock: Clock };

let current: Registered | null = null;

export function registerRuntime(runtime: Registered | null): void {
  current = runtime;
}

export function activeScheduler(): StepScheduler | null {
  return current?.scheduler ?? null;
}

/** The runtime's clock (an injected one in tests), else the real one. */
export function runtimeNow(): Date {
  return current ? current.clock.now() : new Date();
}
