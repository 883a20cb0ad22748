import type { ActorRefLike, InspectionEvent, Observer } from 'xstate';
import type { EventLog, EventLogEntry, LoggedState, LoggedStateValue } from './eventLog.ts';

export type RecordingInspector = {
  /** The recorded actor's key in the log, e.g. "request:signIn#2". */
  key: string;
  inspect: Observer<InspectionEvent>;
};

const instanceCounts = new WeakMap<EventLog, Map<string, number>>();

/** A fresh key for one more actor named `name` in `log`: "name#1", "name#2" ... */
function nextKey(log: EventLog, name: string): string {
  const counts = instanceCounts.get(log) ?? new Map<string, number>();
  instanceCounts.set(log, counts);
  const count = (counts.get(name) ?? 0) + 1;
  counts.set(name, count);
  return `${name}#${count}`;
}

type EventObject = { type: string; [key: string]: unknown };

function isRoot(event: InspectionEvent): boolean {
  return event.actorRef.sessionId === event.rootId;
}

function currentState(ref: ActorRefLike, snapshot: unknown = ref.getSnapshot()): LoggedState {
  const s = snapshot as { value?: unknown; status?: unknown; context?: unknown };
  return {
    value: (s.value ?? null) as LoggedStateValue,
    status: typeof s.status === 'string' ? s.status : 'active',
    context: s.context ?? null,
  };
}

const DONE_PREFIX = 'xstate.done.actor.';
const ERROR_PREFIX = 'xstate.error.actor.';

/**
 * The XState `inspect` observer that records one root actor into `log`: its start (machine id and input),
 * every event sent to it from outside (no source actor), its own `after` timers, and the outcome of every
 * promise it invokes. The state after each of them is written once the actor has processed it.
 */
export function recordingInspector(log: EventLog, name: string, machineId: string): RecordingInspector {
  const key = nextKey(log, name);
  // Entries waiting for the snapshot that follows their event (matched by the event object itself).
  const pending = new WeakMap<object, EventLogEntry>();
  let started = false;

  const settle = (entry: EventLogEntry, actorRef: ActorRefLike, snapshot?: unknown) => {
    entry.state = log.redact(currentState(actorRef, snapshot)) as LoggedState;
  };

  const inspect: Observer<InspectionEvent> = {
    next(event) {
      if (!isRoot(event)) return;
      if (event.type === '@xstate.snapshot') {
        const cause = event.event as EventObject;
        const entry = pending.get(cause);
        if (entry) {
          pending.delete(cause);
          settle(entry, event.actorRef, event.snapshot);
        }
        return;
      }
      if (event.type !== '@xstate.event') return;
      const sent = event.event as EventObject;
      const source = event.sourceRef;
      let entry: EventLogEntry | null = null;
      if (sent.type === 'xstate.init') {
        // Recorded before the actor starts its timers, so that a replay never schedules them later.
        if (started) return; // a restart (React's development double mount) keeps the first start
        started = true;
        const start = log.record({
          kind: 'actor.start',
          actor: key,
          machine: machineId,
          input: (sent as { input?: unknown }).input ?? null,
          state: currentState(event.actorRef),
        });
        pending.set(sent, start);
        return;
      }
      if (!source) {
        entry = log.record({ kind: 'event', actor: key, event: sent, state: currentState(event.actorRef) });
      } else if (source === event.actorRef && sent.type.startsWith('xstate.after.')) {
        entry = log.record({
          kind: 'timer',
          actor: key,
          event: { type: sent.type },
          state: currentState(event.actorRef),
        });
      } else if (sent.type.startsWith(DONE_PREFIX)) {
        entry = log.record({
          kind: 'outcome',
          actor: key,
          child: sent.type.slice(DONE_PREFIX.length),
          outcome: 'done',
          output: sent.output ?? null,
          state: currentState(event.actorRef),
        });
      } else if (sent.type.startsWith(ERROR_PREFIX)) {
        entry = log.record({
          kind: 'outcome',
          actor: key,
          child: sent.type.slice(ERROR_PREFIX.length),
          outcome: 'error',
          error: sent.error ?? null,
          state: currentState(event.actorRef),
        });
      }
      if (entry) pending.set(sent, entry);
    },
  };
  return { key, inspect };
}
