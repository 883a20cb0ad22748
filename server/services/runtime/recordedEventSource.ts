import type { EventKind, EventQuery, StepPorts } from './runtimePorts.ts';

export type RecordedEvent = { kind: EventKind; emailId: number; link: string | null; at: number };

/** An event source over a recorded list of events (the simulator's). */
export function recordedEventSource(events: readonly RecordedEvent[]): StepPorts['events'] {
  return {
    hasEvent: async (q: EventQuery) =>
      events.some(
        (e) =>
          e.kind === q.kind &&
          (q.emailId === null || e.emailId === q.emailId) &&
          (!q.link || e.link === q.link) &&
          (q.since === null || e.at >= q.since.getTime()) &&
          e.at <= q.until.getTime(),
      ),
  };
}
