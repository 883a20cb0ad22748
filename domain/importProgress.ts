/**
 * The import-progress screen: 1000 contacts and accounts, 100 more every 0.5 s,
 * and 6 s after the screen appears the person goes on to the content explorer's search tab.
 */
export const IMPORT_TOTAL = 1000;
export const IMPORT_STEP = 100;
export const IMPORT_TICK_MS = 500;
export const IMPORT_REDIRECT_MS = 6000;
export const IMPORT_REDIRECT_PATH = '/content/search';

/** The caption under the bar: "Importing 300 of 1000 contacts & Accounts". */
export function importCaption(count: number, total: number = IMPORT_TOTAL): string {
  return `Importing ${count} of ${total} contacts & Accounts`;
}
