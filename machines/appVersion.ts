/**
 * The app version written into event-log headers. Kept here rather than imported from package.json, which
 * would put the whole manifest into the public pages' bundle; tests/machines/appVersion.test.ts keeps the two equal.
 */
export const APP_VERSION = '0.1.0';
