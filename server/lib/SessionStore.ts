import type { Kysely } from 'kysely';
import type { UserData } from '../../domain/userData.ts';
import type { Database, UserRow } from '../db/schema.ts';
import { newToken, sha256 } from './tokens.ts';

type Cached<T> = { value: T; at: number };

/** A live session and its user, as the auth guard hands it to a route (request.auth). */
export type AuthContext = {
  sessionId: string;
  csrfToken: string;
  expiresAt: Date;
  user: UserRow;
};

/**
 * Sessions live in the database; this store keeps recently used ones (and their user's data) in memory
 * for a short time, so the signed-in app does not pay two queries per request. Everything this process
 * changes is forgotten at once (sign-out, password reset, user settings); changes made by another server
 * process on the same PostgreSQL are seen within cacheMs. Expiry is always checked exactly.
 */
export class SessionStore {
  private readonly sessions = new Map<string, Cached<AuthContext>>();
  private readonly userData = new Map<number, Cached<Promise<UserData>>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly cacheMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async create(
    userId: number,
    userAgent: string | undefined,
    ttlSeconds: number,
  ): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
    const token = newToken();
    const csrfToken = newToken();
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    await this.db
      .insertInto('sessions')
      .values({
        id: sha256(token),
        user_id: userId,
        csrf_token: csrfToken,
        user_agent: userAgent?.slice(0, 300) ?? null,
        expires_at: expiresAt,
      })
      .execute();
    return { token, csrfToken, expiresAt };
  }

  /** The live session of a cookie token; 'expired' for one past its time (then deleted); null if unknown. */
  async load(token: string): Promise<AuthContext | 'expired' | null> {
    const id = sha256(token);
    const now = Date.now();
    const cached = this.sessions.get(id);
    let auth = cached && now - cached.at < this.cacheMs ? cached.value : undefined;
    if (!auth) {
      const row = await this.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select(['sessions.id as session_id', 'sessions.csrf_token', 'sessions.expires_at'])
        .where('sessions.id', '=', id)
        // A user removed from their organisation has no live session, even one another process still caches.
        .where('users.removed_at', 'is', null)
        .executeTakeFirst();
      if (!row) {
        this.sessions.delete(id);
        return null;
      }
      const { session_id, csrf_token, expires_at, ...user } = row;
      auth = { sessionId: session_id, csrfToken: csrf_token, expiresAt: expires_at, user };
      this.remember(this.sessions, id, auth, now);
    }
    if (auth.expiresAt.getTime() <= now) {
      await this.destroy(id);
      return 'expired';
    }
    return auth;
  }

  async destroy(sessionId: string): Promise<void> {
    this.sessions.delete(sessionId);
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  /** Forgets what is held about a user after their sessions or data changed in the database. */
  forgetUser(userId: number): void {
    for (const [id, cached] of this.sessions) if (cached.value.user.id === userId) this.sessions.delete(id);
    this.userData.delete(userId);
  }

  /** The user's data for the workbench, loaded once per cache period. */
  userDataOf(userId: number, load: () => Promise<UserData>): Promise<UserData> {
    const now = Date.now();
    const cached = this.userData.get(userId);
    if (cached && now - cached.at < this.cacheMs) return cached.value;
    const value = load();
    value.catch(() => this.userData.delete(userId));
    this.remember(this.userData, userId, value, now);
    return value;
  }

  /** Deletes sessions past their expiry that nobody came back for. */
  async deleteExpired(): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('expires_at', '<=', new Date())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private remember<K, V>(map: Map<K, Cached<V>>, key: K, value: V, at: number): void {
    map.delete(key);
    map.set(key, { value, at });
    if (map.size > this.maxEntries) {
      const oldest = map.keys().next();
      if (!oldest.done) map.delete(oldest.value);
    }
  }
}
