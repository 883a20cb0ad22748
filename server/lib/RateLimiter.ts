import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { TickBatcher } from './TickBatcher.ts';
import { sha256 } from './tokens.ts';

/** At most max calls of one key in each window of windowMs (a fixed window, started by its first call). */
export type RateRule = { max: number; windowMs: number };

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/** The part of a limit one process reserves at a time: 1% of it (at least 1, so small limits are exact). */
export const reservationSize = (max: number) => Math.max(1, Math.floor(max / 100));

/** Keys held in memory before those whose window has ended are forgotten (and all, past twice as many). */
const MAX_SLOTS = 50_000;

type Slot = {
  /** Calls this process has reserved in the shared window and not used yet. */
  left: number;
  windowEnds: number;
  /** The shared window has no more to give before windowEnds. */
  exhausted: boolean;
  pending: Promise<void> | null;
};

type Reservation = { key: string; block: number; now: number; windowMs: number };
type Reserved = { used: number; windowEnds: number };

const OK: RateDecision = { ok: true };

/**
 * The one rate-limit mechanism of the product, for every limited route (rateLimitRoutes.ts), the tracking
 * endpoints and the test sends: fixed windows counted in the database (table rate_limits), so every
 * server and worker process on one database shares each limit. A process reserves part of a window at a
 * time (reservationSize: 1% of the limit; the whole of a limit under 200 one call at a time) with one
 * statement, and answers calls from that reservation in memory; the reservations of every key asked for
 * in the same turn of the event loop go in one statement (TickBatcher). The limit is never exceeded,
 * however many processes share it: the database grants no more than max in a window. The cost of sharing
 * is the other way: a client whose calls are spread over N processes may be refused up to (N - 1) x 1%
 * of the limit early, the part other processes reserved and have not used.
 */
export class RateLimiter {
  private readonly slots = new Map<string, Slot>();
  private readonly reserve: TickBatcher<Reservation, Reserved>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.reserve = new TickBatcher((inputs) => this.reserveAll(inputs));
  }

  /** Takes one call of the key's limit: ok, or refused with the seconds until its window ends. */
  async take(key: string, rule: RateRule): Promise<RateDecision> {
    // Waiting for another call's reservation is free; this call makes at most three of its own.
    let reservations = 0;
    for (;;) {
      const now = this.clock().getTime();
      let slot = this.slots.get(key);
      if (slot?.pending) {
        await slot.pending;
        continue;
      }
      if (slot && slot.windowEnds <= now) {
        this.slots.delete(key);
        slot = undefined;
      }
      if (slot && slot.left > 0) {
        slot.left -= 1;
        return OK;
      }
      if (slot?.exhausted) return { ok: false, retryAfterSeconds: (slot.windowEnds - now) / 1000 };
      // A window that ends as soon as it is reserved (a clock that jumped): refused for a moment.
      if (reservations === 3) return { ok: false, retryAfterSeconds: 1 };
      reservations += 1;
      const fresh = slot ?? this.newSlot(key, now);
      fresh.pending = this.refill(fresh, key, rule, now).finally(() => {
        fresh.pending = null;
      });
      await fresh.pending;
    }
  }

  /** Windows that ended before the cutoff are forgotten (the hourly sweep). */
  static async forgetEndedBefore(db: Kysely<Database>, cutoff: Date): Promise<void> {
    await db.deleteFrom('rate_limits').where('window_ends', '<', cutoff).execute();
  }

  private newSlot(key: string, now: number): Slot {
    if (this.slots.size >= MAX_SLOTS) {
      for (const [name, slot] of this.slots)
        if (!slot.pending && slot.windowEnds <= now) this.slots.delete(name);
      // Unused reservations are given up, never more than the window grants: forgetting is only stricter.
      if (this.slots.size >= 2 * MAX_SLOTS) {
        for (const [name, slot] of this.slots) if (!slot.pending) this.slots.delete(name);
      }
    }
    const slot: Slot = { left: 0, windowEnds: 0, exhausted: false, pending: null };
    this.slots.set(key, slot);
    return slot;
  }

  private async refill(slot: Slot, key: string, rule: RateRule, now: number): Promise<void> {
    const block = Math.min(reservationSize(rule.max), Math.max(1, rule.max));
    const reserved = await this.reserve.load({ key: sha256(key), block, now, windowMs: rule.windowMs });
    // What was used before this reservation decides how much of it the window still grants.
    const granted = Math.max(0, Math.min(block, rule.max - (reserved.used - block)));
    if (reserved.windowEnds !== slot.windowEnds) slot.left = 0;
    slot.windowEnds = reserved.windowEnds;
    slot.left += granted;
    slot.exhausted = granted < block;
  }

  /**
   * One statement for a round of reservations: each key's window starts again when it has ended, else its
   * use grows by the reservation. Returns each key's use after it and the end of its window.
   */
  private async reserveAll(inputs: readonly Reservation[]): Promise<Reserved[]> {
    const { rows } = await sql<{ key: string; used: string | number; window_ends: Date }>`
      insert into rate_limits as r (key, window_ends, used, touched_at)
      select t.key, to_timestamp((t.now + t.window_ms) / 1000.0), t.block, to_timestamp(t.now / 1000.0)
      from unnest(
        ${inputs.map((input) => input.key)}::text[],
        ${inputs.map((input) => input.block)}::bigint[],
        ${inputs.map((input) => input.now)}::float8[],
        ${inputs.map((input) => input.windowMs)}::float8[]
      ) as t(key, block, now, window_ms)
      on conflict (key) do update set
        used = case when r.window_ends <= excluded.touched_at then excluded.used else r.used + excluded.used end,
        window_ends = case when r.window_ends <= excluded.touched_at then excluded.window_ends else r.window_ends end,
        touched_at = excluded.touched_at
      returning r.key, r.used, r.window_ends
    `.execute(this.db);
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return inputs.map((input) => {
      const row = byKey.get(input.key);
      if (!row) throw new Error('rate_limits: a reservation got no answer');
      return { used: Number(row.used), windowEnds: new Date(row.window_ends).getTime() };
    });
  }
}
