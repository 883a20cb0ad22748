import { createHash } from 'node:crypto';
import type { Db } from '../../db/Db.ts';
import { prepareEmailBody } from './renderMarketingEmail.ts';

const digestOf = (html: string) => createHash('sha256').update(html).digest('base64url');

/**
 * The stored body of each source HTML of one organisation (email_bodies), prepared and inserted the first
 * time that content is sent: one read and at most one insert for all of them. A body is never changed
 * (an edited email is new content, so a new body), so a process may keep its compiled form by id.
 */
export async function bodyIdsOf(
  db: Db,
  orgId: number,
  htmls: readonly string[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const byDigest = new Map<string, string>();
  for (const html of new Set(htmls)) byDigest.set(digestOf(html), html);
  if (byDigest.size === 0) return ids;
  const read = async () => {
    const rows = await db
      .selectFrom('email_bodies')
      .select(['id', 'digest'])
      .where('org_id', '=', orgId)
      .where('digest', 'in', [...byDigest.keys()])
      .execute();
    for (const row of rows) {
      const html = byDigest.get(row.digest);
      if (html !== undefined) ids.set(html, row.id);
    }
  };
  await read();
  const missing = [...byDigest].filter(([, html]) => !ids.has(html));
  if (missing.length === 0) return ids;
  await db
    .insertInto('email_bodies')
    .values(
      missing.map(([digest, html]) => {
        const prepared = prepareEmailBody(html);
        return { org_id: orgId, digest, html: prepared.html, links: JSON.stringify(prepared.links) };
      }),
    )
    .onConflict((oc) => oc.columns(['org_id', 'digest']).doNothing())
    .execute();
  // Inserted here, or by another transaction that committed first: either way it is there now.
  await read();
  return ids;
}
