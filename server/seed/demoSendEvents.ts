import type { EmailEventKind } from '../db/schema.ts';
import type { SeededRandom } from './seededRandom.ts';

/** One email event of the demo history, as the seed writes it (no send: events of the demo history). */
export type DemoEvent = {
  org_id: number;
  kind: EmailEventKind;
  contact_id: number;
  account_id: number | null;
  email_id: number;
  version_id: number | null;
  campaign_id: number | null;
  workflow_id: number | null;
  node_id: string | null;
  link: string | null;
  article_id: number | null;
  user_agent: string | null;
  occurred_at: string;
};

/** How one email performs: shares of its sends (delivered, bounced) and of its deliveries (the rest). */
export type SendProfile = {
  delivered: number;
  bounced: number;
  uniqueOpens: number;
  uniqueClicks: number;
  unsubscribed: number;
};

export type DemoRecipient = { contactId: number; accountId: number | null };
/** A link of the email as a tracked click records it: its address and the curated article it is. */
export type DemoLink = { url: string; articleId: number | null; weight: number };

export type DemoSend = {
  at: Date;
  recipients: readonly DemoRecipient[];
  links: readonly DemoLink[];
  profile: SendProfile;
  /** The event fields every event of the send shares. */
  base: Pick<DemoEvent, 'org_id' | 'email_id' | 'version_id' | 'campaign_id' | 'workflow_id' | 'node_id'>;
  /** Events at or after this moment have not happened yet (the seed's day) and are left out. */
  cutoff: Date;
};

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
const AGENTS = [
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)',
  'Mozilla/5.0 (Linux; Android 14)',
  'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0)',
] as const;

/**
 * A believable profile for one email: about 98% delivered, under 1% bounced, 20-45% unique opens, 2-8%
 * unique clicks and under half a percent unsubscribed, each email its own mix within those bounds.
 */
export function sendProfile(random: SeededRandom, quality = random.next()): SendProfile {
  const within = (low: number, high: number, share: number) => low + (high - low) * share;
  const noisy = (share: number) => Math.min(1, Math.max(0, share + (random.next() - 0.5) * 0.3));
  return {
    delivered: within(0.972, 0.99, noisy(quality)),
    bounced: within(0.002, 0.008, random.next()),
    uniqueOpens: within(0.24, 0.44, noisy(quality)),
    uniqueClicks: within(0.027, 0.072, noisy(quality)),
    unsubscribed: within(0.0005, 0.004, noisy(1 - quality)),
  };
}

const isWeekend = (at: Date) => at.getUTCDay() === 0 || at.getUTCDay() === 6;

/** Minutes after the send before a first open: most within hours, some days later. */
function firstOpenDelay(random: SeededRandom): number {
  const r = random.next();
  if (r < 0.45) return random.int(2, 180);
  if (r < 0.75) return random.int(181, DAY_MINUTES);
  if (r < 0.93) return random.int(DAY_MINUTES + 1, 3 * DAY_MINUTES);
  return random.int(3 * DAY_MINUTES + 1, 7 * DAY_MINUTES);
}

/** People read less at weekends: about half of what would fall on a Saturday or Sunday waits for Monday. */
function weekdayRhythm(random: SeededRandom, at: Date): Date {
  if (!isWeekend(at) || random.chance(0.45)) return at;
  const monday = new Date(at);
  monday.setUTCDate(monday.getUTCDate() + (at.getUTCDay() === 6 ? 2 : 1));
  monday.setUTCHours(7, random.int(0, 180), random.int(0, 59), 0);
  return monday;
}

function pickLink(random: SeededRandom, links: readonly DemoLink[]): DemoLink {
  const total = links.reduce((sum, link) => sum + link.weight, 0);
  let r = random.next() * total;
  for (const link of links) {
    r -= link.weight;
    if (r < 0) return link;
  }
  return links[links.length - 1] as DemoLink;
}

/**
 * The events of one send to its recipients: sent; then bounced, delivered or (the rest) nothing more;
 * opens (some readers open again), clicks on the email's links (only readers who opened), and now and
 * then an unsubscribe. Times follow the send, with the weekend rhythm; nothing at or after the cutoff.
 */
export function demoSendEvents(random: SeededRandom, send: DemoSend): DemoEvent[] {
  const { profile } = send;
  const events: DemoEvent[] = [];
  const clickShareOfOpeners = Math.min(1, profile.uniqueClicks / profile.uniqueOpens);
  send.recipients.forEach((recipient, index) => {
    const sentAt = send.at.getTime() + index * 250;
    const push = (kind: EmailEventKind, at: number, extra: Partial<DemoEvent> = {}) => {
      if (at >= send.cutoff.getTime()) return;
      events.push({
        ...send.base,
        kind,
        contact_id: recipient.contactId,
        account_id: recipient.accountId,
        link: null,
        article_id: null,
        user_agent: null,
        occurred_at: new Date(at).toISOString(),
        ...extra,
      });
    };
    push('sent', sentAt);
    const fate = random.next();
    if (fate < profile.bounced) {
      push('bounced', sentAt + random.int(1, 20) * MINUTE_MS);
      return;
    }
    if (fate >= profile.bounced + profile.delivered) return;
    push('delivered', sentAt + random.int(5, 120) * 1000);
    if (random.chance(profile.unsubscribed)) {
      push('unsubscribed', sentAt + firstOpenDelay(random) * MINUTE_MS);
      return;
    }
    if (!random.chance(profile.uniqueOpens)) return;
    const agent = random.pick(AGENTS);
    let openAt = weekdayRhythm(random, new Date(sentAt + firstOpenDelay(random) * MINUTE_MS)).getTime();
    push('opened', openAt, { user_agent: agent });
    const clicks = send.links.length > 0 && random.chance(clickShareOfOpeners);
    if (clicks) {
      let clickAt = openAt + random.int(10, 600) * 1000;
      for (let n = 0; n === 0 || (n < 4 && random.chance(0.28)); n += 1) {
        const link = pickLink(random, send.links);
        push('clicked', clickAt, { user_agent: agent, link: link.url, article_id: link.articleId });
        clickAt += random.int(20, 900) * 1000;
      }
    }
    // Some readers come back to an email: a second or third open, hours or days later.
    while (random.chance(0.38)) {
      openAt = weekdayRhythm(
        random,
        new Date(openAt + random.int(30, 4 * DAY_MINUTES) * MINUTE_MS),
      ).getTime();
      push('opened', openAt, { user_agent: agent });
    }
  });
  return events;
}
