import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sha256 } from '../../lib/tokens.ts';

type Rule = { free: number; capSeconds: number };
/** One address from one IP: 5 free failures, then a wait doubling from 1 s up to an hour. */
const ADDRESS_AND_IP: Rule = { free: 5, capSeconds: 60 * 60 };
/** One address from anywhere (many IPs): 20 free failures, then a wait doubling from 1 s up to 15 minutes. */
const ADDRESS: Rule = { free: 20, capSeconds: 15 * 60 };

const waitSeconds = (failures: number, rule: Rule) =>
  failures < rule.free ? 0 : Math.min(rule.capSeconds, 2 ** (failures - rule.free));

export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * The growing delay between failed sign-ins of one address, so its password cannot be guessed at the
 * rate limit forever. Keyed by the address typed, whether or not an account has it (the answers then
 * reveal nothing), hashed (no address or IP is stored in the clear). Two counters: the address from one IP
 * (an attacker slows only themself there), and the address from anywhere (a guesser with many IPs). The
 * owner is never locked out: a successful sign-in clears both, and a password reset (which needs no sign-in)
 * clears every counter of the address. An attempt during a wait is refused without checking the password;
 * a try once the wait is over reserves the slot atomically, so parallel requests cannot all slip through.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private keys(email: string, ip: string) {
    const address = sha256(email.trim().toLowerCase());
    return [
      { key: `a:${address}`, rule: ADDRESS },
      { key: `ai:${address}:${sha256(ip)}`, rule: ADDRESS_AND_IP },
    ];
  }

  async admit(email: string, ip: string): Promise<Admission> {
    const now = this.now();
    const keys = this.keys(email, ip);
    const rows = await this.db
      .selectFrom('login_throttle')
      .selectAll()
      .where(
        'key',
        'in',
        keys.map((k) => k.key),
      )
      .execute();
    let retryAfter = 0;
    for (const row of rows) {
      const wait = Math.ceil((row.next_attempt_at.getTime() - now.getTime()) / 1000);
      if (wait > 0) retryAfter = Math.max(retryAfter, wait);
    }
    if (retryAfter > 0) return { ok: false, retryAfterSeconds: retryAfter };
    for (const { key, rule } of keys) {
      const row = rows.find((r) => r.key === key);
      const wait = row ? waitSeconds(row.failures, rule) : 0;
      if (!row || wait === 0) continue;
      // Past the free failures: this try takes the slot; a parallel one finds it taken.
      const reserved = await this.db
        .updateTable('login_throttle')
        .set({ next_attempt_at: new Date(now.getTime() + wait * 1000) })
        .where('key', '=', key)
        .where('next_attempt_at', '<=', now)
        .returning('key')
        .executeTakeFirst();
      if (!reserved) return { ok: false, retryAfterSeconds: wait };
    }
    return { ok: true };
  }

  async failed(email: string, ip: string): Promise<void> {
    const now = this.now();
    for (const { key, rule } of this.keys(email, ip)) {
      const row = await this.db
        .insertInto('login_throttle')
        .values({ key, failures: 1, last_failure_at: now, next_attempt_at: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            failures: eb('login_throttle.failures', '+', 1),
            last_failure_at: now,
          })),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      await this.db
        .updateTable('login_throttle')
        .set({ next_attempt_at: new Date(now.getTime() + waitSeconds(row.failures, rule) * 1000) })
        .where('key', '=', key)
        .execute();
    }
  }

  /** A successful sign-in: both counters of this address and IP start again. */
  async succeeded(email: string, ip: string): Promise<void> {
    await this.db
      .deleteFrom('login_throttle')
      .where(
        'key',
        'in',
        this.keys(email, ip).map((k) => k.key),
      )
      .execute();
  }

  /** A password reset: every counter of the address, from every IP, starts again. */
  async clearAddress(email: string): Promise<void> {
    const address = sha256(email.trim().toLowerCase());
    await this.db
      .deleteFrom('login_throttle')
      .where((eb) => eb.or([eb('key', '=', `a:${address}`), eb('key', 'like', `ai:${address}:%`)]))
      .execute();
  }

  /** Counters nobody has failed on for a day are forgotten (the hourly sweep). */
  async forgetOlderThan(cutoff: Date): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('last_failure_at', '<', cutoff).execute();
  }
}
