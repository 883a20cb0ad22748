import { sql } from 'kysely';
import type { ContactDashboard } from '../../../domain/analyticsContactTypes.ts';
import { notFound } from '../../lib/AppError.ts';
import { analyticsListing } from './analyticsListing.ts';
import type { AnalyticsUser, Db } from './analyticsScope.ts';
import { clickedArticles } from './engagementQueries.ts';

type Numeric = number | string | null;
const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());

/** Articles shown on the contact dashboard's content card. */
const CONTENT_CARD = 5;

/**
 * contact_dashboard/: the organisation's contact (else 404) with its account, what all its real sends
 * counted (contact_intent_data), a page of the campaigns it was sent (subscribed campaigns, latest first)
 * and the first articles it clicked with their total.
 */
export async function contactDashboard(
  db: Db,
  user: AnalyticsUser,
  body: { contact_id: number; limit: number; offset: number },
): Promise<ContactDashboard> {
  const contact = await db
    .selectFrom('contacts as c')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .select([
      'c.id',
      'c.first_name',
      'c.last_name',
      'c.email',
      'c.designation',
      'c.phone_number',
      'c.industry',
      'c.personality',
      'c.personality_type',
      'c.status',
      'c.buyer_stage',
      'c.engagement_score',
      'c.linkedin_url',
      'c.twitter_url',
      'c.country',
      'c.account_id',
      'a.name as company_name',
      'a.website as company_website',
    ])
    .where('c.id', '=', body.contact_id)
    .where('c.org_id', '=', user.org_id)
    .executeTakeFirst();
  if (!contact) throw notFound('Contact not found.');
  const own = sql`r.contact_id = ${contact.id} and r.is_test = false`;
  const intent = await sql<Record<string, Numeric>>`
    select coalesce(sum(r.sent), 0) as sent, coalesce(sum(r.delivered), 0) as delivered,
      coalesce(sum(r.opened), 0) as opens, coalesce(sum(r.clicked), 0) as clicks,
      coalesce(sum(r.bounced), 0) as bounced, coalesce(sum(r.unsubscribed), 0) as unsubscribed,
      count(r.first_open_at) as unique_opens, count(r.first_click_at) as unique_clicks,
      count(*) as emails, max(r.last_event_at) as last_activity
    from analytics_contact_email r where ${own}`.execute(db);
  const campaigns = await analyticsListing<Record<string, Numeric> & { campaign_id: number }>(db, {
    select: sql`k.id as campaign_id, k.name as campaign_name, count(*) as emails_sent,
      sum(r.opened) as opens, sum(r.clicked) as clicks, max(r.last_sent_at) as last_sent_at`,
    from: sql`analytics_contact_email r join campaigns k on k.id = r.campaign_id`,
    where: own,
    groupBy: sql`k.id`,
    orderBy: sql`max(r.last_sent_at) desc nulls last, k.id desc`,
    limit: body.limit,
    offset: body.offset,
  });
  const content = await clickedArticles(db, sql`ac.contact_id = ${contact.id} and ac.is_test = false`, {
    limit: CONTENT_CARD,
    offset: 0,
    order_by: 'NOSORT',
  });
  const i = intent.rows[0] ?? {};
  const n = (key: string) => Number(i[key] ?? 0);
  return {
    contact_details: {
      contact_id: contact.id,
      full_name: `${contact.first_name} ${contact.last_name}`.trim(),
      first_name: contact.first_name,
      last_name: contact.last_name,
      contact_email: contact.email,
      designation: contact.designation,
      phone_number: contact.phone_number,
      industry: contact.industry,
      personality: contact.personality,
      personality_type: contact.personality_type,
      status: contact.status,
      buyer_stage: contact.buyer_stage,
      engagement_score: contact.engagement_score,
      linkedin_url: contact.linkedin_url,
      twitter_url: contact.twitter_url,
      country: contact.country,
      account_id: contact.account_id,
      organization: contact.company_name,
      company_website: contact.company_website,
    },
    contact_intent_data: {
      emails: n('emails'),
      sent: n('sent'),
      delivered: n('delivered'),
      opens: n('opens'),
      clicks: n('clicks'),
      bounced: n('bounced'),
      unsubscribed: n('unsubscribed'),
      unique_opens: n('unique_opens'),
      unique_clicks: n('unique_clicks'),
      last_activity: iso(i.last_activity),
    },
    subscribed_campaigns: campaigns.rows.map((r) => ({
      campaign_id: r.campaign_id,
      campaign_name: String(r.campaign_name),
      emails_sent: Number(r.emails_sent ?? 0),
      opens: Number(r.opens ?? 0),
      clicks: Number(r.clicks ?? 0),
      last_sent_at: iso(r.last_sent_at),
    })),
    total_subscribed_campaigns: campaigns.total_count,
    content: content.data,
    totalArticlesCount: content.total_count,
  };
}
