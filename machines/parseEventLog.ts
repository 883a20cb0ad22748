import { EVENT_LOG_FORMAT, type EventLogFile } from './eventLog.ts';

/** Reads a downloaded event log (JSON text); throws a readable error when it is not one. */
export function parseEventLog(text: string): EventLogFile {
  const parsed: unknown = JSON.parse(text);
  if (
    !parsed ||
    typeof parsed !== 'object' ||
    (parsed as { format?: unknown }).format !== EVENT_LOG_FORMAT ||
    !Array.isArray((parsed as { entries?: unknown }).entries)
  ) {
    throw new Error(`Not a ${EVENT_LOG_FORMAT} file.`);
  }
  return parsed as EventLogFile;
}
