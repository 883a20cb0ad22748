import { createEventLog } from './eventLog.ts';

/** The event log of this page (the workbench or a public page): every recorded actor writes to it. */
export const appEventLog = createEventLog();
