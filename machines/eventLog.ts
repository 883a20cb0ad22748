import { browserTimeZone } from '../domain/browserTimeZone.ts';
import { APP_VERSION } from './appVersion.ts';
import { redactSecrets } from './redactSecrets.ts';

export const EVENT_LOG_FORMAT = 'workbench-event-log';
export const EVENT_LOG_VERSION = 1;
export const DEFAULT_EVENT_LOG_LIMIT = 5000;

/** A JSON state value as XState reports it: "idle", or { importing: "counting" } for nested states. */
export type LoggedStateValue = string | { [key: string]: LoggedStateValue };

/** Where an actor is after a recorded event: its state value, its status and its (redacted) context. */
export type LoggedState = {
  value: LoggedStateValue;
  status: string;
  context: unknown;
};

type EntryBase = {
  /** Position in the session, counted from 0; kept when older entries fall out of the bounded log. */
  index: number;
  /** Milliseconds since the session started. */
  at: number;
  /** The recorded actor: a stable name plus an instance number, e.g. "request:signIn#2". */
  actor: string;
  /** The state after the entry; filled in when the actor has processed it. */
  state: LoggedState;
};

export type EventLogEntry =
  /** The actor started (machine: a key of replayableMachines; input: what it was created with). */
  | (EntryBase & { kind: 'actor.start'; machine: string; input: unknown })
  /** An event sent to the actor from outside (no source actor). */
  | (EntryBase & { kind: 'event'; event: { type: string; [key: string]: unknown } })
  /** A delayed (`after`) event fired by the actor's own clock. */
  | (EntryBase & { kind: 'timer'; event: { type: string } })
  /** An invoked promise settled: its output or its error (redacted). */
  | (EntryBase & {
      kind: 'outcome';
      /** The invoked child's id (the suffix of xstate.done.actor.<id>). */
      child: string;
      outcome: 'done' | 'error';
      output?: unknown;
      error?: unknown;
    });

export type EventLogHeader = {
  appVersion: string;
  timeZone: string;
  /** ISO time at which the session (the log) started. */
  startedAt: string;
  userAgent: string | null;
};

export type EventLogFile = {
  format: typeof EVENT_LOG_FORMAT;
  version: typeof EVENT_LOG_VERSION;
  header: EventLogHeader;
  /** How many older entries the bounded log dropped (a replay needs 0). */
  dropped: number;
  entries: EventLogEntry[];
};

/** What a recorder adds; index and at are stamped by the log. */
export type NewEventLogEntry = EventLogEntry extends infer E
  ? E extends EventLogEntry
    ? Omit<E, 'index' | 'at'>
    : never
  : never;

export type EventLog = {
  /** Stamps the entry (index, time offset), redacts it and appends it; returns the stored entry. */
  record(entry: NewEventLogEntry): EventLogEntry;
  /** Redacts a value with the log's rules (secret keys and the current secret values). */
  redact(value: unknown): unknown;
  /** Adds a source of secret values (e.g. the session's CSRF token) that must never be written. */
  addSecretValues(source: () => ReadonlyArray<string | null>): void;
  /** The whole log as a JSON-safe object, redacted once more with the current secret values. */
  toJSON(): EventLogFile;
  clear(): void;
};

export type EventLogOptions = {
  limit?: number;
  /** Milliseconds, monotonic; defaults to performance.now(). */
  now?: () => number;
  startedAt?: Date;
  timeZone?: string;
};

/** A bounded, in-memory event log (the oldest entries fall out beyond `limit`). */
export function createEventLog(options: EventLogOptions = {}): EventLog {
  const limit = options.limit ?? DEFAULT_EVENT_LOG_LIMIT;
  const now = options.now ?? (() => performance.now());
  const origin = now();
  const header: EventLogHeader = {
    appVersion: APP_VERSION,
    timeZone: options.timeZone ?? browserTimeZone(),
    startedAt: (options.startedAt ?? new Date()).toISOString(),
    userAgent: typeof navigator === 'undefined' ? null : navigator.userAgent,
  };
  const secretSources: Array<() => ReadonlyArray<string | null>> = [];
  let entries: EventLogEntry[] = [];
  let dropped = 0;
  let nextIndex = 0;
  let lastAt = 0;

  const secretValues = (): string[] =>
    secretSources.flatMap((source) => source().filter((value): value is string => Boolean(value)));
  const redact = (value: unknown): unknown => redactSecrets(value, secretValues());

  return {
    record(entry) {
      // Whole milliseconds, rounded down (a timer recorded at t was due at or before t in the replay);
      // offsets never go back, so that a replay's simulated clock only moves forward.
      lastAt = Math.max(lastAt, Math.floor(now() - origin));
      const stored = redact({ ...entry, index: nextIndex, at: lastAt }) as EventLogEntry;
      nextIndex += 1;
      entries.push(stored);
      if (entries.length > limit) {
        const excess = entries.length - limit;
        entries = entries.slice(excess);
        dropped += excess;
      }
      return stored;
    },
    redact,
    addSecretValues(source) {
      secretSources.push(source);
    },
    toJSON() {
      return {
        format: EVENT_LOG_FORMAT,
        version: EVENT_LOG_VERSION,
        header: { ...header },
        dropped,
        entries: redact(entries) as EventLogEntry[],
      };
    },
    clear() {
      entries = [];
      dropped = 0;
    },
  };
}
