/** Fresh block ids: "b" + 12 hex digits of a random UUID (tabs draw independently; collisions are negligible). */
export function newBlockId(taken?: { has(id: string): boolean }): string {
  for (;;) {
    const id = `b${globalThis.crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
    if (!taken?.has(id)) return id;
  }
}
