/** Fixed ids of the demo data, for tests and for later seed steps (workflows, analytics). */
export const DEMO_IDS = {
  /** Northwind Analytics: the demo organisation of the demo sign-in. */
  mainOrgId: 1,
  /** Harbor Lane Studio: a second, small organisation with its own user and data (isolation tests). */
  otherOrgId: 2,
  demoUserId: 1001,
  /** Dana's colleague at Northwind (ordinary, no known password): owns some lists, emails and a workflow. */
  colleagueUserId: 1002,
  otherOrgUserId: 3001,
  /** The newcomer's demo workflow "Welcome journey (try me)" (a draft to publish) and its two emails. */
  newcomerWorkflowId: 17,
  welcomeEmailId: 27,
  guideEmailId: 28,
  /** The users sequence continues after this, so new sign-ups never take a special id. */
  usersSequenceStart: 20000,
} as const;
