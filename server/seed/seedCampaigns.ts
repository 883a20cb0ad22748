import { type Insertable, sql, type Transaction } from 'kysely';
import type { Database, EmailTable } from '../db/schema.ts';
import { DEMO_IDS } from './demoIds.ts';
import { NEWCOMER_EMAILS } from './newcomerEmails.ts';
import { seededRandom } from './seededRandom.ts';
import { seedTime } from './seedTime.ts';

export type SeededEmail = {
  id: number;
  orgId: number;
  campaignId: number;
  emailType: 0 | 1 | 2;
  designReady: boolean;
};
export type SeededCampaigns = { campaignIds: number[]; emails: SeededEmail[] };

type CampaignSeed = {
  orgId: number;
  userId: number;
  name: string;
  /** How many days before SEED_NOW the campaign started. */
  startedDaysAgo: number;
  /** Email names and subjects; their types and design state follow a fixed pattern. */
  emails: readonly (readonly [name: string, subject: string])[];
};

const CAMPAIGNS: readonly CampaignSeed[] = [
  {
    orgId: DEMO_IDS.mainOrgId,
    userId: DEMO_IDS.demoUserId,
    name: 'Spring Product Launch',
    startedDaysAgo: 210,
    emails: [
      ['Launch teaser', 'Something new is coming to Northwind 🚀'],
      ['Launch announcement', 'Meet Northwind Insights 2.0'],
      ['Feature deep dive', 'Five dashboards your team will use every day'],
      ['Customer story', 'How Acme Logistics cut reporting time by 40%'],
      ['Launch recap', 'Everything we shipped this spring'],
    ],
  },
  {
    orgId: DEMO_IDS.mainOrgId,
    userId: DEMO_IDS.demoUserId,
    name: 'Quarterly Insights Digest',
    startedDaysAgo: 170,
    emails: [
      ['Q2 digest', 'Your quarterly market insights are here'],
      ['Q3 digest', 'Q3: the trends shaping your industry'],
      ['Q4 preview', 'What to watch before the year ends'],
      ['Analyst roundup', 'Top analyst takes on supply-chain risk'],
      ['Year in review', 'The numbers that defined the year'],
    ],
  },
  {
    orgId: DEMO_IDS.mainOrgId,
    userId: DEMO_IDS.demoUserId,
    name: 'Partner Outreach',
    startedDaysAgo: 130,
    emails: [
      ['Partner intro', 'Let’s build something together'],
      ['Partner programme', 'Inside the Northwind partner programme'],
      ['Co-marketing kit', 'Your co-marketing kit is ready'],
      ['Partner webinar invite', 'Join our partner webinar next Thursday'],
    ],
  },
  {
    orgId: DEMO_IDS.mainOrgId,
    userId: DEMO_IDS.demoUserId,
    name: 'Customer Onboarding',
    startedDaysAgo: 90,
    emails: [
      ['Welcome', 'Welcome to Northwind Analytics'],
      ['Getting started', 'Three steps to your first dashboard'],
      ['Tips and tricks', 'Shortcuts power users love'],
      ['Check-in', 'How is it going so far?'],
      ['Feedback request', 'Tell us what to build next'],
    ],
  },
  {
    orgId: DEMO_IDS.mainOrgId,
    userId: DEMO_IDS.colleagueUserId,
    name: 'AI Personalised Outreach',
    startedDaysAgo: 45,
    emails: [
      ['AI outreach: decision makers', 'A faster way to answer board questions'],
      ['AI outreach: analysts', 'Spend less time cleaning data'],
      ['AI outreach: operations', 'Spot delays before your customers do'],
      ['AI outreach: finance', 'Forecasts you can explain'],
      ['AI outreach: follow-up', 'Quick follow-up on my last note'],
    ],
  },
  {
    orgId: DEMO_IDS.otherOrgId,
    userId: DEMO_IDS.otherOrgUserId,
    name: 'Studio Newsletter',
    startedDaysAgo: 60,
    emails: [
      ['Autumn portfolio', 'New work from the studio'],
      ['Open studio invite', 'Visit us at the open studio day'],
    ],
  },
];

/** Senders per organisation: [address, display name]. */
const SENDERS: Record<number, readonly (readonly [string, string])[]> = {
  [DEMO_IDS.mainOrgId]: [
    ['dana.demo@northwind-demo.test', 'Dana Demo'],
    ['marketing@northwind-demo.test', 'Northwind Marketing'],
    ['ada.admin@northwind-demo.test', 'Ada Admin'],
  ],
  [DEMO_IDS.otherOrgId]: [['hello@harborlane.test', 'Harbor Lane Studio']],
};

/** email_type by campaign: a digest campaign, an AI campaign, the others ad hoc with a few digests. */
function emailTypeFor(campaign: CampaignSeed, index: number): 0 | 1 | 2 {
  if (campaign.name.startsWith('AI ')) return 2;
  if (campaign.name.includes('Digest') || campaign.name.includes('Newsletter')) return 0;
  return index % 4 === 3 ? 0 : 1;
}

function emailHtml(subject: string, domain: string, slug: string): string {
  return [
    '<!doctype html><html><body style="font-family:Arial,sans-serif">',
    `<h1>${subject.replace(/[<>&]/g, '')}</h1>`,
    '<p>Hello {{first_name}}, here is what we prepared for you.</p>',
    `<p><a href="https://${domain}/articles/${slug}">Read the article</a></p>`,
    `<p><a href="https://${domain}/demo">Book a demo</a></p>`,
    '</body></html>',
  ].join('');
}

/**
 * The demo senders' verified addresses, campaigns and their emails (digest 0, ad hoc 1, AI 2; about two
 * thirds design-ready), then the two emails of the newcomer's workflow.
 */
export async function seedCampaigns(trx: Transaction<Database>): Promise<SeededCampaigns> {
  const random = seededRandom('campaigns');
  // The demo organisations' sender addresses are verified (test sends may come from them).
  await trx
    .insertInto('verified_addresses')
    .values(
      Object.entries(SENDERS).flatMap(([orgId, senders]) =>
        senders.map(([address, name], index) => ({
          org_id: Number(orgId),
          address,
          // The first sender of each organisation is its default (the publish step's choice).
          sender_name: name,
          is_default: index === 0,
          verified_at: seedTime(700),
          created_at: seedTime(700),
        })),
      ),
    )
    .execute();
  await trx
    .insertInto('campaigns')
    .values(
      CAMPAIGNS.map((c, i) => ({
        id: i + 1,
        org_id: c.orgId,
        user_id: c.userId,
        name: c.name,
        thumbnail: null,
        created_at: seedTime(c.startedDaysAgo),
        updated_at: seedTime(Math.max(1, c.startedDaysAgo - 30)),
      })),
    )
    .execute();
  // Each organisation's campaigns get their place, most recently changed highest (as m0020 numbers them).
  await sql`
    update campaigns c set position = n.position from (
      select id, row_number() over (partition by org_id order by updated_at, id) as position from campaigns
    ) n where n.id = c.id`.execute(trx);

  const rows: Insertable<EmailTable>[] = [];
  const emails: SeededEmail[] = [];
  CAMPAIGNS.forEach((campaign, c) => {
    const senders = SENDERS[campaign.orgId] ?? [];
    const domain = campaign.orgId === DEMO_IDS.mainOrgId ? 'northwind-demo.test' : 'harborlane.test';
    campaign.emails.forEach(([name, subject], e) => {
      const id = rows.length + 1;
      const emailType = emailTypeFor(campaign, e);
      // Every third email is still a draft (not design-ready); the rest can be used in workflows.
      const designReady = id % 3 !== 0;
      const [sentFrom, senderName] = random.pick(senders);
      const createdAt = seedTime(campaign.startedDaysAgo - e * 7, random.int(0, 480));
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      rows.push({
        id,
        org_id: campaign.orgId,
        user_id: campaign.userId,
        campaign_id: c + 1,
        name,
        subject,
        email_type: emailType,
        design_ready: designReady,
        sent_from: sentFrom,
        sender_name: senderName,
        thumbnail: null,
        email_platform: random.chance(0.25) ? 'outlook' : 'workbench',
        html: designReady ? emailHtml(subject, domain, slug) : null,
        created_at: createdAt,
        updated_at: new Date(createdAt.getTime() + random.int(1, 72) * 60 * 60 * 1000),
      });
      emails.push({ id, orgId: campaign.orgId, campaignId: c + 1, emailType, designReady });
    });
  });
  // The newcomer's workflow emails (see newcomerEmails.ts): design-ready, in Customer Onboarding.
  const onboarding = CAMPAIGNS.findIndex((c) => c.name === 'Customer Onboarding') + 1;
  for (const email of [NEWCOMER_EMAILS.welcome, NEWCOMER_EMAILS.guide]) {
    if (email.id !== rows.length + 1) throw new Error(`seedCampaigns: email ${email.id} out of order`);
    const createdAt = seedTime(email.createdDaysAgo);
    rows.push({
      id: email.id,
      org_id: DEMO_IDS.mainOrgId,
      user_id: DEMO_IDS.demoUserId,
      campaign_id: onboarding,
      name: email.name,
      subject: email.subject,
      email_type: 1,
      design_ready: true,
      sent_from: 'marketing@northwind-demo.test',
      sender_name: 'Northwind Marketing',
      thumbnail: null,
      email_platform: 'workbench',
      html: email.html,
      created_at: createdAt,
      updated_at: new Date(createdAt.getTime() + 2 * 60 * 60 * 1000),
    });
    emails.push({
      id: email.id,
      orgId: DEMO_IDS.mainOrgId,
      campaignId: onboarding,
      emailType: 1,
      designReady: true,
    });
  }
  await trx.insertInto('emails').values(rows).execute();
  return { campaignIds: CAMPAIGNS.map((_, i) => i + 1), emails };
}
