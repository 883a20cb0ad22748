import { type AnyActorRef, type AnyStateMachine, createActor, fromPromise, SimulatedClock } from 'xstate';
import type { EventLogEntry, EventLogFile, LoggedState } from './eventLog.ts';
import { redactSecrets } from './redactSecrets.ts';
import { replayableMachines } from './replayableMachines.ts';
import { statePath } from './statePath.ts';

export type ReplayStep = {
  /** The entry's index in the session (what a divergence names). */
  index: number;
  at: number;
  actor: string;
  /** What happened: the event type, "start", "timer xstate.after..." or "done/error <child>". */
  what: string;
  expected: string;
  actual: string;
  matches: boolean;
};

export type ReplayResult = {
  steps: ReplayStep[];
  /** The first step whose state differs from the recorded one (or that could not be replayed). */
  divergence: ReplayStep | null;
};

type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void };
type ReplayActor = { ref: AnyActorRef; pending: Map<string, Deferred> };

/** Lets the promise callbacks and the events they send run to the end (replay runs in Node). */
function flush(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function describeEntry(entry: EventLogEntry): string {
  switch (entry.kind) {
    case 'actor.start':
      return `start ${entry.machine}`;
    case 'event':
      return entry.event.type;
    case 'timer':
      return `timer ${entry.event.type}`;
    case 'outcome':
      return `${entry.outcome} ${entry.child}`;
  }
}

/** When the paths agree, what else differs: " (status done)" or " (context.count 300, recorded 400)". */
function difference(recorded: LoggedState, actual: { status: string; context: unknown }): string {
  if (recorded.status !== actual.status) return ` (status ${actual.status}, recorded ${recorded.status})`;
  const want = (recorded.context ?? {}) as Record<string, unknown>;
  const got = (actual.context ?? {}) as Record<string, unknown>;
  for (const key of new Set([...Object.keys(want), ...Object.keys(got)])) {
    const a = JSON.stringify(got[key] ?? null);
    const b = JSON.stringify(want[key] ?? null);
    if (a !== b) return ` (context.${key} ${a.slice(0, 80)}, recorded ${b.slice(0, 80)})`;
  }
  return '';
}

function comparable(state: { value: unknown; status: string; context: unknown }): string {
  return JSON.stringify({ value: state.value ?? null, status: state.status, context: state.context ?? null });
}

/** Every invoked promise of `machine` replaced by one that waits for the recorded outcome. */
function withRecordedOutcomes(machine: AnyStateMachine, pending: Map<string, Deferred>): AnyStateMachine {
  const names = Object.keys(machine.implementations.actors ?? {});
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise<unknown, unknown>(
        ({ self }) => new Promise((resolve, reject) => pending.set(self.id, { resolve, reject })),
      ),
    ]),
  );
  return machine.provide({ actors });
}

function rebuildError(recorded: unknown): unknown {
  if (recorded && typeof recorded === 'object' && 'message' in recorded) {
    const { message, ...rest } = recorded as { message: unknown };
    return Object.assign(new Error(String(message)), rest);
  }
  return recorded;
}

/**
 * Replays a recorded event log deterministically: each actor is recreated from `machines` (by machine id)
 * on one SimulatedClock, with every invoked promise settled by its recorded outcome (no network); the
 * recorded external events are sent at their offsets, the clock fires the `after` timers, and the state
 * (value, status, redacted context) after each entry is compared with the recorded one.
 */
export async function replayEventLog(
  log: EventLogFile,
  machines: Readonly<Record<string, AnyStateMachine>> = replayableMachines,
  redact: (value: unknown) => unknown = (value) => redactSecrets(value),
): Promise<ReplayResult> {
  const clock = new SimulatedClock();
  const actors = new Map<string, ReplayActor>();
  const steps: ReplayStep[] = [];
  let divergence: ReplayStep | null = null;

  const step = (entry: EventLogEntry, actual: string, matches: boolean) => {
    const recorded = entry.state as LoggedState;
    const result: ReplayStep = {
      index: entry.index,
      at: entry.at,
      actor: entry.actor,
      what: describeEntry(entry),
      expected: statePath(recorded.value),
      actual,
      matches,
    };
    steps.push(result);
    if (!matches && !divergence) divergence = result;
  };

  for (const entry of log.entries) {
    if (entry.at > clock.now()) clock.set(entry.at);
    let replayed = actors.get(entry.actor);
    if (entry.kind === 'actor.start') {
      if (replayed) continue; // a restarted actor (React's development double mount) keeps its state
      const machine = machines[entry.machine];
      if (!machine) {
        step(entry, `(unknown machine "${entry.machine}")`, false);
        break;
      }
      const pending = new Map<string, Deferred>();
      const ref = createActor(withRecordedOutcomes(machine, pending), {
        clock,
        input: entry.input ?? undefined,
      });
      replayed = { ref, pending };
      actors.set(entry.actor, replayed);
      ref.start();
    } else if (!replayed) {
      step(entry, `(actor ${entry.actor} was never started)`, false);
      break;
    } else if (entry.kind === 'event') {
      replayed.ref.send(entry.event);
    } else if (entry.kind === 'outcome') {
      // No promise of that id in flight: an outcome the recorded actor ignored (e.g. after React's
      // development double mount); the state comparison below still decides.
      const deferred = replayed.pending.get(entry.child);
      replayed.pending.delete(entry.child);
      if (deferred && entry.outcome === 'done') deferred.resolve(entry.output ?? undefined);
      else if (deferred) deferred.reject(rebuildError(entry.error));
    }
    await flush();
    const snapshot = replayed.ref.getSnapshot() as { value?: unknown; status: string; context?: unknown };
    const actual = redact({ value: snapshot.value, status: snapshot.status, context: snapshot.context }) as {
      value: unknown;
      status: string;
      context: unknown;
    };
    const recorded = entry.state as LoggedState;
    const matches = comparable(actual) === comparable(recorded);
    const actualPath = statePath((actual.value ?? null) as LoggedState['value']);
    const samePath = actualPath === statePath(recorded.value);
    step(entry, matches || !samePath ? actualPath : `${actualPath}${difference(recorded, actual)}`, matches);
  }
  for (const { ref } of actors.values()) ref.stop();
  return { steps, divergence };
}
