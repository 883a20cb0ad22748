import { decodeHtmlEntities } from '../../../domain/decodeHtmlEntities.ts';
import type { EmailVersion } from '../../../domain/workflowTypes.ts';
import type { Db } from '../../db/Db.ts';
import type { UserRow } from '../../db/schema.ts';
import { likePattern } from '../../lib/likePattern.ts';
import { listingPage } from '../../lib/listingPage.ts';
import { isInternalUser } from '../user/isInternalUser.ts';

type User = Pick<UserRow, 'id' | 'org_id' | 'internal_level'>;

/*
 * A workflow may still reference any email of the user's organisation (create_workflow/, the flow), but
 * clone_workflow/ is refused unless the user has permission on every email the workflow uses
 * (isInternalUser says which).
 */

/** The ids among emailIds on which the user lacks permission (unknown ids included). */
export async function emailsWithoutPermission(
  db: Db,
  user: User,
  emailIds: readonly number[],
): Promise<number[]> {
  if (emailIds.length === 0) return [];
  let query = db
    .selectFrom('emails')
    .select('id')
    .where('id', 'in', [...emailIds])
    .where('org_id', '=', user.org_id);
  if (!isInternalUser(user)) query = query.where('user_id', '=', user.id);
  const allowed = new Set((await query.execute()).map((row) => row.id));
  return emailIds.filter((id) => !allowed.has(id));
}

export type OrgEmail = { id: number; name: string; design_ready: boolean; html: string | null };

/** The emails of the user's organisation among ids (others are left out). */
export async function orgEmails(db: Db, orgId: number, ids: readonly number[]): Promise<OrgEmail[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('emails')
    .select(['id', 'name', 'design_ready', 'html'])
    .where('org_id', '=', orgId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

export type EmailQuery = { emailType?: number; search: string; offset: number; limit: number };

/** get_user_emails/: the emails the user may use (see isInternalUser), newest first. */
export async function listUserEmails(
  db: Db,
  user: User,
  query: EmailQuery,
): Promise<{ emails: EmailVersion[]; total_count: number }> {
  let base = db.selectFrom('emails as e').where('e.org_id', '=', user.org_id);
  if (!isInternalUser(user)) base = base.where('e.user_id', '=', user.id);
  if (query.emailType !== undefined) base = base.where('e.email_type', '=', query.emailType);
  if (query.search) {
    const pattern = likePattern(query.search);
    base = base.where((eb) => eb.or([eb('e.name', 'ilike', pattern), eb('e.subject', 'ilike', pattern)]));
  }
  const found = await listingPage(
    db,
    base
      .leftJoin('campaigns as c', 'c.id', 'e.campaign_id')
      .select([
        'e.id',
        'e.campaign_id',
        'c.name as campaign_name',
        'e.email_type',
        'e.design_ready',
        'e.name',
        'e.subject',
        'e.sent_from',
        'e.sender_name',
        'e.created_at',
        'e.thumbnail',
        'e.email_platform',
      ])
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc'),
    { offset: query.offset, limit: query.limit },
  );
  return {
    total_count: found.total,
    emails: found.rows.map((row) => ({
      campaign_id: row.campaign_id,
      campaign_name: row.campaign_name,
      email_id: row.id,
      email_type: row.email_type,
      design_ready: row.design_ready,
      email_name: row.name,
      subject: row.subject,
      sent_from: row.sent_from,
      sender_name: row.sender_name,
      created_on: new Date(row.created_at).toISOString(),
      thumbnail: row.thumbnail,
      email_platform: row.email_platform,
    })),
  };
}

/** The links of an email's html: every <a href>, duplicates (same url) removed, in order of appearance. */
export function htmlLinks(html: string | null): { url: string; text: string }[] {
  if (!html) return [];
  const links: { url: string; text: string }[] = [];
  const seen = new Set<string>();
  const anchor = /<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi;
  for (const match of html.matchAll(anchor)) {
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(match[1] ?? '');
    const url = decodeHtmlEntities(href?.[1] ?? href?.[2] ?? href?.[3] ?? '', 'attribute').trim();
    if (!url || url.startsWith('#') || /^javascript:/i.test(url) || seen.has(url)) continue;
    seen.add(url);
    const text = (match[2] ?? '')
      .replace(/<[^>]*>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    links.push({ url, text });
  }
  return links;
}
