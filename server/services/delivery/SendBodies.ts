import type { Kysely } from 'kysely';
import type { MergeValues } from '../../../domain/mergeFields.ts';
import type { Database } from '../../db/schema.ts';
import { type CompiledSendBody, compileSendBody } from './compileSendBody.ts';
import { plainTextOf, resolveSendHtml } from './renderMarketingEmail.ts';

/** What a send row holds of its content: a stored body and its own slots, or (before m0025) its full HTML. */
export type SendContentRow = {
  html: string | null;
  body_id: number | null;
  token: string;
  preference_uuid: string | null;
  merge_values: MergeValues | null;
};

const MAX_CACHED = 200;

/**
 * The HTML and text of sends as they leave (delivery) or are shown (demo mailbox), with this process's
 * tracking and public origins. Bodies are read once per batch for the ids not held yet and kept compiled
 * (a body never changes; the oldest are dropped beyond MAX_CACHED).
 */
export class SendBodies {
  private readonly compiled = new Map<number, CompiledSendBody>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly origins: { trackingBaseUrl: string; publicOrigin: string },
  ) {}

  /** Reads and compiles the bodies of these rows that are not held yet (one query). */
  async load(rows: readonly SendContentRow[]): Promise<void> {
    const missing = [
      ...new Set(
        rows.flatMap((row) => (row.body_id !== null && !this.compiled.has(row.body_id) ? [row.body_id] : [])),
      ),
    ];
    if (missing.length === 0) return;
    const bodies = await this.db
      .selectFrom('email_bodies')
      .select(['id', 'html'])
      .where('id', 'in', missing)
      .execute();
    for (const body of bodies) {
      this.compiled.set(body.id, compileSendBody(body.html, this.origins));
      if (this.compiled.size > MAX_CACHED) {
        const oldest = this.compiled.keys().next().value;
        if (oldest !== undefined) this.compiled.delete(oldest);
      }
    }
  }

  /** The HTML and text parts of a send (load its body first). */
  async contentOf(row: SendContentRow): Promise<{ html: string; text: string }> {
    if (row.body_id === null) {
      const html = resolveSendHtml(row.html ?? '', this.origins.trackingBaseUrl, this.origins.publicOrigin);
      return { html, text: plainTextOf(html) };
    }
    let body = this.compiled.get(row.body_id);
    if (!body) {
      await this.load([row]);
      body = this.compiled.get(row.body_id);
      if (!body) throw new Error(`Email body ${row.body_id} not found.`);
    }
    const slots = {
      token: row.token,
      preferenceUuid: row.preference_uuid ?? '',
      merge: row.merge_values ?? {},
    };
    return { html: body.html(slots), text: body.text(slots) };
  }
}
