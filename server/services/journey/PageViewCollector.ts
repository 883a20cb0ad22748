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
const COMMITTED: CommitResult<void> = { outcome: undefined };

type VisitorRow = {
  id: string | number;
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
 * batch is being written are written together in the next one, a handful of statements per batch however
 * many views it holds. Each caller is answered once its own view has committed.
 */
export class PageViewCollector {
  private readonly views: GroupCommitter<PageViewInput, void>;

  constructor(private readonly db: Kysely<Database>) {
    this.views = new GroupCommitter((inputs) => this.write(inputs), MAX_BATCH);
  }

  /** Stores a page view (once per organisation, visitor and client event id); resolves once committed. */
  record(input: PageViewInput): Promise<void> {
    return this.views.add(input);
  }

  /** Resolves once every view added so far has committed (a clean stop; tests). */
  drain(): Promise<void> {
    return this.views.drain();
  }

  private async write(inputs: readonly PageViewInput[]): Promise<readonly CommitResult<void>[]> {
    await this.db.transaction().execute(async (trx) => {
      const visitors = await upsertVisitors(trx, inputs);
      await trx
        .insertInto('page_view')
        .values(
          inputs.map((input) => {
            const visitor = visitors.get(visitorKeyOf(input.orgId, input.visitorKey)) as VisitorRow;
            const visit = input.visit ?? visitor;
            return {
              org_id: input.orgId,
              visitor_id: visitor.id,
              contact_id: visitor.contact_id,
              url: input.url,
              path: input.path,
              title: input.title,
              referrer: input.referrer,
              referrer_host: input.visit?.referrer_host ?? null,
              source: visit.source,
              utm_source: visit.utm_source,
              utm_medium: visit.utm_medium,
              utm_campaign: visit.utm_campaign,
              viewed_at: input.viewedAt,
              client_event_id: input.clientEventId,
            };
          }),
        )
        .onConflict((oc) => oc.columns(['org_id', 'visitor_id', 'client_event_id']).doNothing())
        .execute();
    });
    return inputs.map(() => COMMITTED);
  }
}

/**
 * The batch's visitors, created when new (in key order, so concurrent batches of several processes never
 * deadlock): a visitor whose views in the batch start a visit takes the last one's source and UTM
 * parameters; the others keep theirs. Answers each visitor's row after the batch, by org and key.
 */
async function upsertVisitors(
  trx: Transaction<Database>,
  inputs: readonly PageViewInput[],
): Promise<Map<string, VisitorRow>> {
  const latest = new Map<string, { input: PageViewInput; visit: VisitSource | null; seen: Date }>();
  for (const input of inputs) {
    const key = visitorKeyOf(input.orgId, input.visitorKey);
    const before = latest.get(key);
    latest.set(key, {
      input,
      visit: input.visit ?? before?.visit ?? null,
      seen: before && before.seen > input.viewedAt ? before.seen : input.viewedAt,
    });
  }
  const sorted = [...latest.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  const rowOf = ({ input, visit, seen }: (typeof sorted)[number]) => ({
    org_id: input.orgId,
    visitor_key: input.visitorKey,
    source: visit?.source ?? 'direct',
    utm_source: visit?.utm_source ?? null,
    utm_medium: visit?.utm_medium ?? null,
    utm_campaign: visit?.utm_campaign ?? null,
    first_seen: seen,
    last_seen: seen,
  });
  const columns = [
    'id',
    'org_id',
    'visitor_key',
    'contact_id',
    'source',
    'utm_source',
    'utm_medium',
    'utm_campaign',
  ] as const;
  const lastSeen = sql<Date>`greatest(journey_visitor.last_seen, excluded.last_seen)`;
  const starting = sorted.filter((v) => v.visit !== null).map(rowOf);
  const continuing = sorted.filter((v) => v.visit === null).map(rowOf);
  const rows: VisitorRow[] = [];
  if (starting.length > 0)
    rows.push(
      ...(await trx
        .insertInto('journey_visitor')
        .values(starting)
        .onConflict((oc) =>
          oc.columns(['org_id', 'visitor_key']).doUpdateSet((eb) => ({
            last_seen: lastSeen,
            source: eb.ref('excluded.source'),
            utm_source: eb.ref('excluded.utm_source'),
            utm_medium: eb.ref('excluded.utm_medium'),
            utm_campaign: eb.ref('excluded.utm_campaign'),
          })),
        )
        .returning(columns)
        .execute()),
    );
  if (continuing.length > 0)
    rows.push(
      ...(await trx
        .insertInto('journey_visitor')
        .values(continuing)
        .onConflict((oc) => oc.columns(['org_id', 'visitor_key']).doUpdateSet({ last_seen: lastSeen }))
        .returning(columns)
        .execute()),
    );
  return new Map(rows.map((row) => [visitorKeyOf(row.org_id, row.visitor_key), row]));
}
