import { appEventLog } from '../../../../machines/appEventLog.ts';

/** The download's file name: session-log-<ISO time with ":" and "." as "-">.json. */
export function sessionLogFileName(now: Date = new Date()): string {
  return `session-log-${now.toISOString().replace(/[:.]/g, '-')}.json`;
}

/** Saves this page's event log (secrets redacted) as a JSON file, for `npm run replay -- <file>`. */
export function downloadSessionLog(): void {
  const text = JSON.stringify(appEventLog.toJSON(), null, 2);
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = sessionLogFileName();
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
