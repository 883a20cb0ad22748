import { type Kysely, sql, type Transaction } from 'kysely';
import type { VisitSource } from '../../../domain/journeySource.ts';
import type { Database } from '../../db/schema.ts';
import { type CommitResult, GroupCommitter } from '../../lib/GroupCommitter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The collection endpoint's writer (tests drain it). */
    pageViews: PageViewCollector;
  }
}

/** One page view to store, as the collection endpoint read it. */
export type PageViewInput = {
  orgId: number;
  visitorKey: string;
  clientEventId: string;
  /** The address without the click-through token. */
  url: string;
  path: string;
  title: string;
  referrer: string;
  /** The visit this view starts (null: a page reached from inside the site, which keeps its visit's). */
  visit: VisitSource | null;
  viewedAt: Date;
};

const MAX_BATCH = 500;
/**
 * Views held in memory before the collection endpoint stops answering ahead of the commit: beyond this many
 * uncommitted views (the database is slower than the traffic), each request waits for its own commit.
 */
export const MAX_UNCOMMITTED_VIEWS = 5000;
const COMMITTED: CommitResult<void> = { outcome: undefined };
const ACCEPTED = Promise.resolve();

/** Told about a view whose commit failed after its request was answered (the view is lost). */
export type LostView = (error: unknown, input: PageViewInput) => void;

type VisitorRow = {
  id: string | number;
  last_seen: Date | string;
  org_id: number;
  visitor_key: string;
  contact_id: number | null;
  source: VisitSource['source'];
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
};

const visitorKeyOf = (orgId: number, visitorKey: string) => `${orgId}:${visitorKey}`;

/**
 * The collection endpoint's writes, group-committed (GroupCommitter): page views that arrive while a
 * batch is being written are written together in the next one, two to five statements per batch however many
 * views it holds (a batch that fails as a whole is retried view by view). As the email tracking endpoints
 * do (TrackingRecorder), a view is answered once it is queued, not once it is committed, so a burst of
 * page views costs the sites' visitors no wait: the price, chosen on purpose, is that views answered but
 * not yet committed (the last milliseconds' worth, at most maxUncommitted) are lost if the process dies
 * without a clean stop; a clean stop (SIGTERM, app.close) drains them first. With more than maxUncommitted
 * views waiting, record() resolves only once its own view has committed, so memory stays bounded.
 */
export class PageViewCollector {
  private readonly views: GroupCommitter<PageViewInput, void>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onLost: LostView,
    private readonly maxUncommitted = MAX_UNCOMMITTED_VIEWS,
  ) {
    this.views = new GroupCommitter((inputs) => this.write(inputs), MAX_BATCH);
  }

  /**
   * Queues a page view (stored once per organisation, visitor and client event id). Resolves at once while
   * at most maxUncommitted views wait (a later failure goes to onLost), else once this view has committed.
   */
  record(input: PageViewInput): Promise<void> {
    const committed = this.views.add(input);
    if (this.views.pending > this.maxUncommitted) return committed;
    committed.catch((error: unknown) => this.onLost(error, input));
    return ACCEPTED;
  }

  /** Views recorded whose commit has not answered yet. */
  get uncommitted(): number {
    return this.views.pending;
  }

  /** Resolves once every view added so far has committed (a clean stop; tests). */
  drain(): Promise<void> {
    return this.views.drain();
  }

  private async write(inputs: readonly PageViewInput[]): Promise<readonly CommitResult<void>[]> {
    await this.db.transaction().execute(async (trx) => {
      const visitors = await writeVisitors(trx, inputs);
      const rows = inputs.map((input) => {
        const visitor = visitors.get(visitorKeyOf(input.orgId, input.visitorKey)) as VisitorRow;
        return { input, visitor, visit: input.visit ?? visitor };
      });
      const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick);
      // One statement over column arrays (unnest): cheaper to parse and plan than a VALUES list of many rows.
      await sql`
        insert into page_view
          (org_id, visitor_id, contact_id, url, path, title, referrer, referrer_host, source, utm_source,
           utm_medium, utm_campaign, viewed_at, client_event_id)
        select * from unnest(
          ${column((r) => r.input.orgId)}::int[], ${column((r) => String(r.visitor.id))}::bigint[],
          ${column((r) => r.visitor.contact_id)}::int[], ${column((r) => r.input.url)}::text[],
          ${column((r) => r.input.path)}::text[], ${column((r) => r.input.title)}::text[],
          ${column((r) => r.input.referrer)}::text[], ${column((r) => r.input.visit?.referrer_host ?? null)}::text[],
          ${column((r) => r.visit.source)}::text[], ${column((r) => r.visit.utm_source)}::text[],
          ${column((r) => r.visit.utm_medium)}::text[], ${column((r) => r.visit.utm_campaign)}::text[],
          ${column((r) => r.input.viewedAt.toISOString())}::timestamptz[],
          ${column((r) => r.input.clientEventId)}::text[])
        on conflict (org_id, visitor_id, client_event_id) do nothing`.execute(trx);
    });
    return inputs.map(() => COMMITTED);
  }
}

/** How stale a visitor's last_seen may be before a view moves it on (a write per view would cost more). */
export const LAST_SEEN_STEP_MS = 60_000;

type VisitorState = { orgId: number; visitorKey: string; visit: VisitSource | null; seen: Date };

/**
 * The batch's visitors (by org and key) after the batch, in at most four statements whatever its size:
 * those known are read; the new ones are created (a visit's source, or direct); a visitor whose views in the
 * batch start a visit takes the last one's source and UTM parameters when they differ, and last_seen moves
 * on when it is more than LAST_SEEN_STEP_MS behind. Visitors are written in id order, so concurrent batches of
 * several processes never deadlock.
 */
async function writeVisitors(
  trx: Transaction<Database>,
  inputs: readonly PageViewInput[],
): Promise<Map<string, VisitorRow>> {
  const states = new Map<string, VisitorState>();
  for (const input of inputs) {
    const key = visitorKeyOf(input.orgId, input.visitorKey);
    const before = states.get(key);
    states.set(key, {
      orgId: input.orgId,
      visitorKey: input.visitorKey,
      visit: input.visit ?? before?.visit ?? null,
      seen: before && before.seen > input.viewedAt ? before.seen : input.viewedAt,
    });
  }
  const all = [...states.values()];
  const found = new Map<string, VisitorRow>();
  const keep = (rows: readonly VisitorRow[]) => {
    for (const row of rows) found.set(visitorKeyOf(row.org_id, row.visitor_key), row);
  };
  const read = (wanted: readonly VisitorState[]) =>
    sql<VisitorRow>`
      select v.id, v.org_id, v.visitor_key, v.contact_id, v.source, v.utm_source, v.utm_medium, v.utm_campaign,
             v.last_seen
      from journey_visitor v
      join unnest(${wanted.map((v) => v.orgId)}::int[], ${wanted.map((v) => v.visitorKey)}::text[]) as u(org_id, visitor_key)
        on v.org_id = u.org_id and v.visitor_key = u.visitor_key`.execute(trx);
  keep((await read(all)).rows);

  const fresh = all.filter((v) => !found.has(visitorKeyOf(v.orgId, v.visitorKey)));
  if (fresh.length > 0) {
    const created = await sql<VisitorRow>`
      insert into journey_visitor
        (org_id, visitor_key, source, utm_source, utm_medium, utm_campaign, first_seen, last_seen)
      select u.*, u.seen from unnest(
        ${fresh.map((v) => v.orgId)}::int[], ${fresh.map((v) => v.visitorKey)}::text[],
        ${fresh.map((v) => v.visit?.source ?? 'direct')}::text[], ${fresh.map((v) => v.visit?.utm_source ?? null)}::text[],
        ${fresh.map((v) => v.visit?.utm_medium ?? null)}::text[], ${fresh.map((v) => v.visit?.utm_campaign ?? null)}::text[],
        ${fresh.map((v) => v.seen.toISOString())}::timestamptz[]
      ) as u(org_id, visitor_key, source, utm_source, utm_medium, utm_campaign, seen)
      on conflict (org_id, visitor_key) do nothing
      returning id, org_id, visitor_key, contact_id, source, utm_source, utm_medium, utm_campaign, last_seen`.execute(
      trx,
    );
    keep(created.rows);
    // Created meanwhile by another process: read them as they are.
    const raced = fresh.filter((v) => !found.has(visitorKeyOf(v.orgId, v.visitorKey)));
    if (raced.length > 0) keep((await read(raced)).rows);
  }

  const changed = all
    .map((state) => ({ state, row: found.get(visitorKeyOf(state.orgId, state.visitorKey)) as VisitorRow }))
    .filter(({ state, row }) => {
      const visit = state.visit;
      const newVisit =
        visit !== null &&
        (visit.source !== row.source ||
          visit.utm_source !== row.utm_source ||
          visit.utm_medium !== row.utm_medium ||
          visit.utm_campaign !== row.utm_campaign);
      return newVisit || state.seen.getTime() - new Date(row.last_seen).getTime() > LAST_SEEN_STEP_MS;
    })
    .sort((a, b) => Number(a.row.id) - Number(b.row.id));
  if (changed.length > 0) {
    const visitOf = ({ state, row }: (typeof changed)[number]) => state.visit ?? row;
    const updated = await sql<VisitorRow>`
      update journey_visitor v set
        source = u.source, utm_source = u.utm_source, utm_medium = u.utm_medium, utm_campaign = u.utm_campaign,
        last_seen = greatest(v.last_seen, u.seen)
      from unnest(
        ${changed.map((c) => String(c.row.id))}::bigint[], ${changed.map((c) => visitOf(c).source)}::text[],
        ${changed.map((c) => visitOf(c).utm_source)}::text[], ${changed.map((c) => visitOf(c).utm_medium)}::text[],
        ${changed.map((c) => visitOf(c).utm_campaign)}::text[], ${changed.map((c) => c.state.seen.toISOString())}::timestamptz[]
      ) as u(id, source, utm_source, utm_medium, utm_campaign, seen)
      where v.id = u.id
      returning v.id, v.org_id, v.visitor_key, v.contact_id, v.source, v.utm_source, v.utm_medium, v.utm_campaign,
                v.last_seen`.execute(trx);
    keep(updated.rows);
  }
  return found;
}
