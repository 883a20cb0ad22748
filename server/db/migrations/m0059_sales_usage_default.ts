import { type Kysely, sql } from 'kysely';

/**
 * Sales groups are gated by sales_x_usage_permission (domain/featureFlags.ts). Users of a premium plan (a
 * trial included) used them before the gate: they keep them; a free plan's users do not have them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update users set sales_x_usage_permission = true
    where upper(trim(coalesce(plan_type, ''))) in ('TRIAL', 'PREMIUM', 'ENTERPRISE')`.execute(db);
}
