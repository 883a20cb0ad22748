/** The settings of `npm run bench:builder` (bench/builder.ts): the workflow's size, the targets, Chromium's flags. */
export const DEMO_LOGIN = { email: 'demo@workbench.test', password: 'Demo-Password-2026' };
export const NODES = 500;
export const TARGET = {
  openMs: 1500,
  addP95Ms: 50,
  dragFps: 50,
  undoMs: 30,
  reopenMs: 300,
  crossTabMs: 100,
};
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const HISTORY_EDITS = 20_000;
