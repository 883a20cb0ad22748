/** Who acts on a design, a template or the brand: the signed-in user and their organisation. */
export type Viewer = { orgId: number; userId: number };
