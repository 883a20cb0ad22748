/**
 * Fresh node ids: "n" + 12 hex digits of a random UUID (48 random bits). Two tabs adding nodes at the
 * same time draw independently, so ids do not collide in practice (1 in ~10^7 even with 5,000 nodes in
 * one workflow), and they never equal the root id "0". The random source is injectable for tests.
 */
export type RandomUuid = () => string;

const defaultUuid: RandomUuid = () => globalThis.crypto.randomUUID();

export function newNodeId(
  randomUuid: RandomUuid = defaultUuid,
  taken?: { has(id: string): boolean },
): string {
  for (;;) {
    const id = `n${randomUuid().replace(/-/g, '').slice(0, 12)}`;
    if (!taken?.has(id)) return id;
  }
}
