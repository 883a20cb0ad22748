/**
 * Word lists of the demo article pool: a dozen named sources, each with its subjects (noun phrases the
 * concepts come from), and sentence parts shared by all. Titles and summaries are put together from
 * these by seedArticlePool.
 */
export type DemoSource = {
  name: string;
  domain: string;
  kind: 'rss' | 'atom' | 'json';
  subjects: readonly string[];
  /** Who the source writes for ("retailers", "hospitals"). */
  readers: readonly string[];
};

export const DEMO_SOURCES: readonly DemoSource[] = [
  {
    name: 'Supply Chain Weekly',
    domain: 'supplychainweekly.example',
    kind: 'rss',
    subjects: [
      'supply chain',
      'warehouse automation',
      'freight rates',
      'port congestion',
      'inventory planning',
      'last-mile delivery',
      'cold chain',
    ],
    readers: ['shippers', 'logistics teams', 'distributors'],
  },
  {
    name: 'Retail Signals',
    domain: 'retailsignals.example',
    kind: 'json',
    subjects: [
      'checkout-free stores',
      'loyalty programs',
      'retail media',
      'store footfall',
      'online returns',
      'price optimisation',
    ],
    readers: ['retailers', 'store managers', 'brands'],
  },
  {
    name: 'Fintech Daily',
    domain: 'fintechdaily.example',
    kind: 'rss',
    subjects: [
      'instant payments',
      'open banking',
      'fraud detection',
      'embedded finance',
      'credit scoring',
      'stablecoins',
    ],
    readers: ['banks', 'payment providers', 'finance teams'],
  },
  {
    name: 'Health IT Review',
    domain: 'healthitreview.example',
    kind: 'atom',
    subjects: [
      'electronic health records',
      'remote patient monitoring',
      'clinical AI',
      'telehealth',
      'hospital staffing',
      'medical imaging',
    ],
    readers: ['hospitals', 'clinicians', 'health systems'],
  },
  {
    name: 'Cloud Native Times',
    domain: 'cloudnativetimes.example',
    kind: 'rss',
    subjects: [
      'kubernetes',
      'platform engineering',
      'cloud costs',
      'serverless',
      'observability',
      'zero trust security',
    ],
    readers: ['developers', 'platform teams', 'CIOs'],
  },
  {
    name: 'Marketing Pulse',
    domain: 'marketingpulse.example',
    kind: 'atom',
    subjects: [
      'email marketing',
      'account-based marketing',
      'marketing attribution',
      'first-party data',
      'content strategy',
      'buyer intent',
    ],
    readers: ['marketers', 'sales teams', 'agencies'],
  },
  {
    name: 'Energy Transition Report',
    domain: 'energytransition.example',
    kind: 'rss',
    subjects: [
      'battery storage',
      'offshore wind',
      'green hydrogen',
      'grid modernisation',
      'carbon capture',
      'solar panels',
    ],
    readers: ['utilities', 'investors', 'regulators'],
  },
  {
    name: 'Manufacturing Today',
    domain: 'manufacturingtoday.example',
    kind: 'json',
    subjects: [
      'industrial robots',
      'predictive maintenance',
      'digital twins',
      'factory automation',
      'additive manufacturing',
      'quality control',
    ],
    readers: ['plant managers', 'manufacturers', 'engineers'],
  },
  {
    name: 'Insurance Insider',
    domain: 'insuranceinsider.example',
    kind: 'rss',
    subjects: [
      'claims automation',
      'climate risk',
      'cyber insurance',
      'underwriting models',
      'embedded insurance',
      'usage-based pricing',
    ],
    readers: ['insurers', 'brokers', 'underwriters'],
  },
  {
    name: 'Media & Ad Tech',
    domain: 'mediaadtech.example',
    kind: 'atom',
    subjects: [
      'streaming subscriptions',
      'connected TV',
      'cookie deprecation',
      'creator economy',
      'programmatic advertising',
      'podcast revenue',
    ],
    readers: ['publishers', 'advertisers', 'media buyers'],
  },
  {
    name: 'Transport Ledger',
    domain: 'transportledger.example',
    kind: 'rss',
    subjects: [
      'electric trucks',
      'fleet telematics',
      'driver shortages',
      'rail freight',
      'route optimisation',
      'air cargo',
    ],
    readers: ['fleet operators', 'carriers', 'transport planners'],
  },
  {
    name: 'EdTech Brief',
    domain: 'edtechbrief.example',
    kind: 'json',
    subjects: [
      'online learning',
      'skills-based hiring',
      'learning analytics',
      'AI tutors',
      'microcredentials',
      'campus software',
    ],
    readers: ['universities', 'teachers', 'training teams'],
  },
];

/** Companies named in articles besides the demo organisations' accounts (never anyone's account). */
export const OTHER_COMPANIES = [
  'Northstar Dynamics',
  'Bluewater Holdings',
  'Crescent Bank',
  'Orbital Freight',
  'Pinecrest Health',
  'Vantage Cloud',
  'Silverline Energy',
  'Mosaic Media',
  'Keystone Insurance',
  'Atlas Robotics',
  'Lighthouse Learning',
  'Copperfield Retail',
] as const;

export const TITLE_TEMPLATES = [
  '{company} bets on {subject} to win {readers}',
  '{subject} spending rises as {readers} look for savings',
  'How {company} uses {subject} to cut costs',
  '{count} ways {subject} is changing the work of {readers}',
  'Why {subject} matters more than ever for {readers}',
  '{company} and {company2} team up on {subject}',
  '{subject} slows as {readers} wait for clearer rules',
  'What {readers} get wrong about {subject}',
  '{company} reports strong quarter driven by {subject}',
  'The state of {subject} in {year}',
  '{subject} meets {subject2}: what comes next',
  'Survey: {readers} plan to double down on {subject}',
] as const;

export const SUMMARY_OPENINGS = [
  '{company} said {subject} helped it grow faster than rivals this quarter.',
  'A new survey of {readers} finds that {subject} is now a top budget priority.',
  'Analysts expect {subject} to reshape how {readers} plan for the next two years.',
  '{readers} are moving from pilots to full roll-outs of {subject}, according to {company}.',
  'Costs linked to {subject} fell sharply, giving {readers} room to invest.',
  'Regulators are taking a closer look at {subject} after a series of setbacks.',
] as const;

export const SUMMARY_FOLLOW_UPS = [
  'Early adopters report better margins and happier customers, while {subject2} remains a close second.',
  '{company2} expects the trend to continue, pointing to demand for {subject2}.',
  'The shift puts pressure on vendors to prove results with {subject2}.',
  'Critics warn that {subject} still needs better data and clearer standards.',
  'Most {readers} plan to pair it with {subject2} before the end of the year.',
  'The findings match what {company2} sees among its largest customers.',
] as const;
