import { randomBytes } from 'node:crypto';

type Entry = { userId: number; html: string; expires: number };

/**
 * The previews generate_preview/ rendered, for a while, by an unguessable token: the designer frames
 * GET preview_html/{token}/ (a document of its own with the email's policy) instead of putting the HTML in
 * a srcdoc frame, whose document would inherit the workbench's strict policy and lose the email's inline
 * styles. Kept in this process's memory only (the designer asks the same server again within seconds);
 * only the user who made one may read it.
 */
export class PreviewDocuments {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = 15 * 60 * 1000,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  put(userId: number, html: string): string {
    const token = randomBytes(16).toString('base64url');
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.expires > now && this.entries.size < this.maxEntries) break;
      this.entries.delete(key); // the oldest first: expired ones, then the oldest over the cap
    }
    this.entries.set(token, { userId, html, expires: now + this.ttlMs });
    return token;
  }

  get(userId: number, token: string): string | undefined {
    const entry = this.entries.get(token);
    if (!entry || entry.userId !== userId || entry.expires <= this.now()) return undefined;
    return entry.html;
  }
}
