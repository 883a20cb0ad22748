/**
 * The demo sign-ins the seed creates; printed at start-up and written in the README. They are ordinary
 * accounts of the demo organisations and reach nothing but demo data. No account with powers over other
 * organisations is ever seeded: the internal admin is created at first start (internalUsers.ts).
 */
export const DEMO_LOGIN = { email: 'demo@workbench.test', password: 'Demo-Password-2026' } as const;
/** Ordinary user (3001) of the second organisation, Harbor Lane Studio: proves one organisation never sees another's data. */
export const OTHER_ORG_LOGIN = { email: 'owner@harborlane.test', password: 'Harbor-Password-2026' } as const;
/** Every demo sign-in with a public password (the start-up log warns while one still has it). */
export const PUBLIC_DEMO_LOGINS = [DEMO_LOGIN, OTHER_ORG_LOGIN] as const;
