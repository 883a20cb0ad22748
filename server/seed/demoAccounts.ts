/** The demo sign-ins the seed creates; printed at start-up and written in the README. */
export const DEMO_LOGIN = { email: 'demo@workbench.test', password: 'Demo-Password-2026' } as const;
/** Internal admin (user 4708, level 2): may read the outbox and internal-only email data. */
export const ADMIN_LOGIN = { email: 'admin@workbench.test', password: 'Admin-Password-2026' } as const;
/** Second internal admin (user 14764, level 1). */
export const SUPPORT_LOGIN = { email: 'support@workbench.test', password: 'Support-Password-2026' } as const;
/** Ordinary user (3001) of the second organisation, Harbor Lane Studio: proves one organisation never sees another's data. */
export const OTHER_ORG_LOGIN = { email: 'owner@harborlane.test', password: 'Harbor-Password-2026' } as const;
