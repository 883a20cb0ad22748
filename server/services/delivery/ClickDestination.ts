/** The send a tracked link was clicked in, as far as a destination may depend on it. */
export type ClickedSend = { orgId: number; contactId: number | null; isTest: boolean };

/**
 * Where a clicked link sends the person: the link itself, or the link changed by a higher service (the
 * journey adds its click-through token to destinations on the organisation's website). Implemented outside
 * delivery and handed to trackingRoutes; a failure sends the person to the link unchanged.
 */
export type ClickDestination = (send: ClickedSend, link: string) => Promise<string>;

/** No service changes destinations: the link as it was in the email. */
export const unchangedDestination: ClickDestination = async (_send, link) => link;
