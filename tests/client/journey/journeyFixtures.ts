import {
  DEFAULT_JOURNEY_CRITERIA,
  type JourneyCriteria,
  type JourneyOverview,
} from '../../../domain/journeyScoring.ts';
import type { JourneySources, JourneyTracking } from '../../../domain/journeyTracking.ts';
import type { JourneyOverviewQuery } from '../../../src/api/journeyApi.ts';

export function sourcesAnswer(overrides: Partial<JourneySources> = {}): JourneySources {
  return {
    total_views: 1000,
    total_visitors: 420,
    // Social is left out: the screen shows it at 0.
    sources: [
      { source: 'email', views: 500, visitors: 200, share: 0.5 },
      { source: 'organic', views: 300, visitors: 150, share: 0.3 },
      { source: 'referral', views: 125, visitors: 40, share: 0.125 },
      { source: 'direct', views: 75, visitors: 30, share: 0.075 },
    ],
    utm: [{ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'november', views: 320 }],
    referrers: [{ referrer_host: 'www.google.com', views: 280 }],
    ...overrides,
  };
}

export const STAGE_COUNTS = [
  { name: 'Unaware', min_score: 0, contacts: 30 },
  { name: 'Aware', min_score: 5, contacts: 12 },
  { name: 'Interested', min_score: 20, contacts: 5 },
  { name: 'Considering', min_score: 50, contacts: 2 },
  { name: 'Ready', min_score: 100, contacts: 1 },
];

/** 50 contacts in all (the stage counts); a stage's rows are its own. */
export function overviewAnswer(query: JourneyOverviewQuery): JourneyOverview {
  const total = query.stage ? (STAGE_COUNTS.find((s) => s.name === query.stage)?.contacts ?? 0) : 50;
  const rows = Array.from({ length: total }, (_, i) => ({
    contact_id: i + 1,
    full_name: `Contact ${i + 1}`,
    contact_email: `c${i + 1}@acme.example`,
    account_id: i === 0 ? 4 : null,
    company_name: i === 0 ? 'Acme' : null,
    engagement_score: 200 - i,
    buyer_stage: query.stage ?? 'Ready',
    last_activity: null,
  })).filter((row) => !query.q || row.full_name.toLowerCase().includes(query.q.toLowerCase()));
  return {
    stages: STAGE_COUNTS,
    total_records: rows.length,
    result: rows.slice(query.offset, query.offset + query.limit),
  };
}

export function criteriaAnswer(): JourneyCriteria {
  return structuredClone(DEFAULT_JOURNEY_CRITERIA);
}

export function trackingAnswer(): JourneyTracking {
  return {
    tracking_id: 'tid_abcdefghijklmnopqrstuv',
    domains: ['www.acme.example'],
    snippet:
      '<script async src="https://wb.example/j/journey.js" data-tid="tid_abcdefghijklmnopqrstuv"></script>',
  };
}
