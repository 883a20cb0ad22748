import type { EmailEventKind } from '../../../server/db/schema.ts';
import { seededRandom } from '../../../server/seed/seededRandom.ts';
import type { EmailEventInput } from '../../../server/services/delivery/recordEmailEvent.ts';

/** What a random stream is drawn from: one organisation's emails (with editions), contacts, workflows. */
export type StreamWorld = {
  orgId: number;
  emails: { id: number; campaignId: number | null; versionIds: number[] }[];
  contacts: number[];
  workflowIds: number[];
  articleIds: number[];
  /** The first send id the stream invents (send_id has no foreign key). */
  firstSendId: number;
  /** The stream's events fall in the days before this moment. */
  end: Date;
};

export type StreamEvent = EmailEventInput & { occurredAt: Date };

const DAY_MS = 86_400_000;

/**
 * A random stream of `count` email events, in the order they arrive (deterministic for a seed): sends (sent
 * and delivered, or bounced), opens and clicks over the next days, unsubscribes, and events of no send; then
 * repeats of every kind the rollups must count once (the same event again, an open of the same send in the
 * same second, a second "delivered"), and arrivals out of time order (each event arrives up to two days
 * away from its time, so a late event is often earlier than one already counted).
 */
export function randomEventStream(world: StreamWorld, count: number, seed = 'rollups'): StreamEvent[] {
  const random = seededRandom(seed);
  const events: StreamEvent[] = [];
  let sendId = world.firstSendId;
  const span = 40 * DAY_MS;
  const start = world.end.getTime() - span;
  while (events.length < Math.round(count * 0.9)) {
    const email = random.pick(world.emails);
    const contactId = random.pick(world.contacts);
    const workflowId = random.chance(0.2) ? random.pick(world.workflowIds) : null;
    const versionId =
      email.versionIds.length > 0 && random.chance(0.8) ? random.pick(email.versionIds) : null;
    const isTest = random.chance(0.05);
    const withSend = random.chance(0.9);
    const base: Omit<StreamEvent, 'kind' | 'occurredAt'> = {
      orgId: world.orgId,
      contactId,
      emailId: email.id,
      campaignId: workflowId === null ? email.campaignId : null,
      workflowId,
      sendId: withSend ? sendId++ : null,
      versionId,
      isTest,
    };
    const sentAt = start + random.int(0, span - 3 * DAY_MS);
    const at = (ms: number) => new Date(Math.min(world.end.getTime() - 1, ms));
    const add = (kind: EmailEventKind, ms: number, extra: Partial<StreamEvent> = {}) =>
      events.push({ ...base, kind, occurredAt: at(ms), ...extra });
    add('sent', sentAt);
    if (random.chance(0.04)) {
      add('bounced', sentAt + random.int(1, 60_000));
      continue;
    }
    add('delivered', sentAt + random.int(1, 60_000));
    const opens = random.chance(0.45) ? random.int(1, 4) : 0;
    for (let i = 0; i < opens; i += 1) add('opened', sentAt + random.int(60_000, 3 * DAY_MS));
    const clicks = opens > 0 && random.chance(0.3) ? random.int(1, 3) : 0;
    for (let i = 0; i < clicks; i += 1) {
      const article = random.chance(0.7) ? random.pick(world.articleIds) : null;
      add('clicked', sentAt + random.int(60_000, 3 * DAY_MS), {
        link:
          article === null
            ? `https://example.test/page/${random.int(1, 5)}`
            : `https://news.test/a/${article}`,
        articleId: article,
      });
    }
    if (random.chance(0.02)) add('unsubscribed', sentAt + random.int(60_000, 2 * DAY_MS));
  }
  // Repeats: the same event again (a batch written twice), an open or click of the same send in the same
  // second, a once-per-send kind a day later.
  const repeats: StreamEvent[] = [];
  for (const event of events) {
    if (random.chance(0.06)) repeats.push({ ...event });
    else if ((event.kind === 'opened' || event.kind === 'clicked') && random.chance(0.05)) {
      const second = Math.floor(event.occurredAt.getTime() / 1000) * 1000;
      repeats.push({ ...event, occurredAt: new Date(second + random.int(0, 999)) });
    } else if (event.kind === 'delivered' && random.chance(0.03))
      repeats.push({ ...event, occurredAt: new Date(event.occurredAt.getTime() + DAY_MS) });
  }
  const all = [...events, ...repeats];
  while (all.length < count) all.push({ ...random.pick(events) });
  all.length = count;
  // Arrival order: by time, each moved by up to two days either way.
  const arrival = all.map((event) => ({
    event,
    at: event.occurredAt.getTime() + random.int(-2 * DAY_MS, 2 * DAY_MS),
  }));
  arrival.sort((a, b) => a.at - b.at);
  return arrival.map((a) => a.event);
}
