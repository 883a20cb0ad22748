import type { Kysely, Selectable } from 'kysely';
import type { OutlookConfig } from '../../../config.ts';
import type { Database, OutlookConnectionTable } from '../../../db/schema.ts';
import { GraphError, type GraphMailbox } from './graphSendMail.ts';
import { OutlookCallError, refreshTokens, type TokenSet } from './microsoftIdentity.ts';
import { decryptSecret, encryptSecret } from './tokenCipher.ts';

type ConnectionRow = Selectable<OutlookConnectionTable>;

/** A mailbox's window of sent emails (outlook_remaining_emails counts down within it). */
export const OUTLOOK_WINDOW_MS = 24 * 60 * 60 * 1000;
/** An access token this close to its expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;

/** The message a broken connection shows on the publish step (its cause is kept apart, in `error`). */
export const CONNECTION_BROKEN = 'The Outlook connection stopped working: connect Outlook again.';

export type MailboxState = {
  address: string;
  name: string;
  status: 'connected' | 'error';
  error: string | null;
};

/**
 * The users' connected Outlook mailboxes: tokens stored encrypted (AES-256-GCM with OUTLOOK_TOKEN_KEY, bound
 * to the user and to the column), refreshed when they are about to expire or when Graph answers 401 (once);
 * a refresh Microsoft refuses marks the connection broken (status error) until the user connects again.
 */
export class OutlookMailboxes {
  constructor(
    private readonly db: Kysely<Database>,
    readonly config: OutlookConfig,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  get configured(): boolean {
    return this.config.missing.length === 0;
  }

  private key(): Buffer {
    if (!this.config.tokenKey) throw new OutlookCallError('refused', 'OUTLOOK_TOKEN_KEY is not set.');
    return this.config.tokenKey;
  }

  /** The user's mailbox (no tokens), or null when none is connected. */
  async state(userId: number): Promise<MailboxState | null> {
    const row = await this.db
      .selectFrom('outlook_connections')
      .select(['email_address', 'display_name', 'status', 'error'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row
      ? { address: row.email_address, name: row.display_name, status: row.status, error: row.error }
      : null;
  }

  /** Stores (or replaces) the user's connection with fresh tokens; it is connected again. */
  async save(userId: number, orgId: number, mailbox: GraphMailbox, tokens: TokenSet): Promise<void> {
    const key = this.key();
    const values = {
      email_address: mailbox.address,
      display_name: mailbox.name,
      access_token: encryptSecret(key, tokens.accessToken, `access:${userId}`),
      refresh_token: encryptSecret(key, tokens.refreshToken, `refresh:${userId}`),
      expires_at: tokens.expiresAt,
      status: 'connected' as const,
      error: null,
      connected_at: this.clock(),
      updated_at: this.clock(),
    };
    await this.db
      .insertInto('outlook_connections')
      .values({ user_id: userId, org_id: orgId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ org_id: orgId, ...values }))
      .execute();
  }

  /** Marks the connection broken with its cause (shown as the connection error until it is connected again). */
  async markBroken(userId: number, cause: string): Promise<void> {
    await this.db
      .updateTable('outlook_connections')
      .set({ status: 'error', error: cause.slice(0, 500), updated_at: this.clock() })
      .where('user_id', '=', userId)
      .execute();
  }

  async disconnect(userId: number): Promise<void> {
    await this.db.deleteFrom('outlook_connections').where('user_id', '=', userId).execute();
  }

  private async row(userId: number): Promise<ConnectionRow> {
    const row = await this.db
      .selectFrom('outlook_connections')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new OutlookCallError('refused', 'No Outlook mailbox is connected.');
    if (row.status === 'error') throw new OutlookCallError('refused', CONNECTION_BROKEN);
    return row;
  }

  /** Refreshes the tokens (refresh_token grant); a refusal marks the connection broken. */
  private async refresh(row: ConnectionRow): Promise<string> {
    const key = this.key();
    const refreshToken = decryptSecret(key, row.refresh_token, `refresh:${row.user_id}`);
    if (refreshToken === null) {
      await this.markBroken(
        row.user_id,
        'The stored token does not decrypt (was OUTLOOK_TOKEN_KEY changed?).',
      );
      throw new OutlookCallError('refused', CONNECTION_BROKEN);
    }
    try {
      const tokens = await refreshTokens(this.config, refreshToken);
      await this.db
        .updateTable('outlook_connections')
        .set({
          access_token: encryptSecret(key, tokens.accessToken, `access:${row.user_id}`),
          refresh_token: encryptSecret(key, tokens.refreshToken, `refresh:${row.user_id}`),
          expires_at: tokens.expiresAt,
          updated_at: this.clock(),
        })
        .where('user_id', '=', row.user_id)
        .execute();
      return tokens.accessToken;
    } catch (error) {
      if (error instanceof OutlookCallError && error.kind === 'refused') {
        await this.markBroken(row.user_id, error.message);
        throw new OutlookCallError('refused', CONNECTION_BROKEN, error.status);
      }
      throw error;
    }
  }

  /** A usable access token of the user's mailbox (refreshed first when it is about to expire). */
  private async accessToken(row: ConnectionRow): Promise<string> {
    if (row.expires_at.getTime() - EXPIRY_MARGIN_MS <= this.clock().getTime()) return this.refresh(row);
    const token = decryptSecret(this.key(), row.access_token, `access:${row.user_id}`);
    return token ?? this.refresh(row);
  }

  /**
   * Runs a Graph call with the user's access token; on 401 the tokens are refreshed and the call made once
   * more. A second 401 or 403 (the permission was taken back) marks the connection broken.
   */
  async withAccessToken<T>(userId: number, call: (accessToken: string) => Promise<T>): Promise<T> {
    const row = await this.row(userId);
    try {
      return await call(await this.accessToken(row));
    } catch (error) {
      if (!(error instanceof GraphError) || error.status !== 401) throw await this.brokenBy(userId, error);
    }
    const fresh = await this.refresh(await this.row(userId));
    try {
      return await call(fresh);
    } catch (error) {
      throw await this.brokenBy(userId, error);
    }
  }

  /** Marks the connection broken for a 401 or 403 from Graph; answers the error to throw. */
  private async brokenBy(userId: number, error: unknown): Promise<unknown> {
    if (error instanceof GraphError && (error.status === 401 || error.status === 403)) {
      await this.markBroken(userId, error.message);
      return new OutlookCallError('refused', CONNECTION_BROKEN, error.status);
    }
    return error;
  }

  /**
   * Emails the user's mailbox may still send: the daily limit less its messages waiting to go and those
   * delivered in the last 24 hours.
   */
  async remaining(userId: number): Promise<number> {
    const since = new Date(this.clock().getTime() - OUTLOOK_WINDOW_MS);
    const row = await this.db
      .selectFrom('email_send')
      .select((eb) => eb.fn.countAll<string | number>().as('used'))
      .where('outlook_user_id', '=', userId)
      .where((w) => w.or([w('status', 'in', ['queued', 'sending']), w('delivered_at', '>=', since)]))
      .executeTakeFirstOrThrow();
    return Math.max(0, this.config.dailyLimit - Number(row.used));
  }
}
