import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import * as m0001 from './migrations/m0001_init.ts';
import * as m0002 from './migrations/m0002_preference_events.ts';
import * as m0003 from './migrations/m0003_support_messages.ts';
import * as m0004 from './migrations/m0004_consent_ledger.ts';
import * as m0005 from './migrations/m0005_workflows.ts';
import * as m0006 from './migrations/m0006_workflow_name_search.ts';
import * as m0007 from './migrations/m0007_email_delivery.ts';
import * as m0008 from './migrations/m0008_workflow_runtime.ts';
import * as m0009 from './migrations/m0009_runtime_scale.ts';
import * as m0012 from './migrations/m0012_security_hardening.ts';
import * as m0013 from './migrations/m0013_outbox_lease.ts';
import * as m0014 from './migrations/m0014_audience_people.ts';
import * as m0015 from './migrations/m0015_audience_lists.ts';
import * as m0016 from './migrations/m0016_sales_groups.ts';
import * as m0017 from './migrations/m0017_forms.ts';
import * as m0018 from './migrations/m0018_audience_facets.ts';
import * as m0019 from './migrations/m0019_article_pool.ts';
import * as m0020 from './migrations/m0020_campaign_editions.ts';
import * as m0021 from './migrations/m0021_campaign_name_search.ts';
import * as m0022 from './migrations/m0022_email_design.ts';
import * as m0023 from './migrations/m0023_product_templates.ts';
import * as m0024 from './migrations/m0024_edition_sends.ts';
import * as m0025 from './migrations/m0025_send_bodies.ts';
import * as m0026 from './migrations/m0026_test_sends.ts';
import * as m0027 from './migrations/m0027_outlook_connections.ts';
import * as m0028 from './migrations/m0028_export_widget.ts';
import * as m0029 from './migrations/m0029_people_search_streams.ts';
import * as m0030 from './migrations/m0030_name_prefix_by_range.ts';
import * as m0031 from './migrations/m0031_sender_addresses.ts';
import * as m0032 from './migrations/m0032_rate_limits.ts';
import * as m0033 from './migrations/m0033_import_companies.ts';
import * as m0034 from './migrations/m0034_list_sends.ts';
import * as m0035 from './migrations/m0035_people_contains_search.ts';
import * as m0040 from './migrations/m0040_analytics_read_model.ts';
import * as m0041 from './migrations/m0041_analytics_saved_filters.ts';
import * as m0042 from './migrations/m0042_analytics_exports.ts';
import * as m0045 from './migrations/m0045_team_and_plans.ts';
import * as m0046 from './migrations/m0046_onboarding_steps.ts';
import * as m0047 from './migrations/m0047_analytics_read_indexes.ts';
import * as m0048 from './migrations/m0048_org_default_template.ts';
import * as m0059 from './migrations/m0059_sales_usage_default.ts';
import * as m0060 from './migrations/m0060_journey_tracking.ts';
import * as m0061 from './migrations/m0061_journey_scoring.ts';
import * as m0062 from './migrations/m0062_ai_generations.ts';
import * as m0064 from './migrations/m0064_analytics_reach.ts';
import * as m0065 from './migrations/m0065_journey_screen_counts.ts';
import * as m0066 from './migrations/m0066_analytics_reach_activity.ts';
import * as m0067 from './migrations/m0067_journey_points_derived.ts';
import * as m0068 from './migrations/m0068_journey_points_covering.ts';
import type { Database } from './schema.ts';

/** Versioned migrations, applied in name order at start-up. Never edit one that has shipped: add a new one. */
const migrations: Record<string, Migration> = {
  m0001_init: m0001,
  m0002_preference_events: m0002,
  m0003_support_messages: m0003,
  m0004_consent_ledger: m0004,
  m0005_workflows: m0005,
  m0006_workflow_name_search: m0006,
  m0007_email_delivery: m0007,
  m0008_workflow_runtime: m0008,
  m0009_runtime_scale: m0009,
  m0012_security_hardening: m0012,
  m0013_outbox_lease: m0013,
  m0016_sales_groups: m0016,
  m0017_forms: m0017,
  m0014_audience_people: m0014,
  m0015_audience_lists: m0015,
  m0018_audience_facets: m0018,
  m0019_article_pool: m0019,
  m0020_campaign_editions: m0020,
  m0021_campaign_name_search: m0021,
  m0022_email_design: m0022,
  m0023_product_templates: m0023,
  m0024_edition_sends: m0024,
  m0025_send_bodies: m0025,
  m0026_test_sends: m0026,
  m0027_outlook_connections: m0027,
  m0028_export_widget: m0028,
  m0029_people_search_streams: m0029,
  m0030_name_prefix_by_range: m0030,
  m0031_sender_addresses: m0031,
  m0032_rate_limits: m0032,
  m0033_import_companies: m0033,
  m0034_list_sends: m0034,
  m0035_people_contains_search: m0035,
  m0040_analytics_read_model: m0040,
  m0041_analytics_saved_filters: m0041,
  m0042_analytics_exports: m0042,
  m0045_team_and_plans: m0045,
  m0046_onboarding_steps: m0046,
  m0047_analytics_read_indexes: m0047,
  m0048_org_default_template: m0048,
  m0059_sales_usage_default: m0059,
  m0060_journey_tracking: m0060,
  m0061_journey_scoring: m0061,
  m0062_ai_generations: m0062,
  m0064_analytics_reach: m0064,
  m0065_journey_screen_counts: m0065,
  m0066_analytics_reach_activity: m0066,
  m0067_journey_points_derived: m0067,
  m0068_journey_points_covering: m0068,
};

/** True when every migration is recorded as applied (the usual start-up: nothing to do). */
async function isUpToDate(db: Kysely<Database>): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    return Object.keys(migrations).every((name) => applied.has(name));
  } catch {
    return false; // a new database: no migration table yet
  }
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  if (await isUpToDate(db)) return [];
  // Unordered: numbers are handed out to parallel branches ahead of time (m0019 merged before m0018), so a
  // database that already ran a later-numbered migration still runs an earlier one that arrives after it.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
