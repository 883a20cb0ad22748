import {
  PLAN_CHANGES_SHOWN,
  PLAN_FLAGS,
  type PlanChange,
  type PlanHolder,
} from '../../../domain/planSettings.ts';
import { normalisePlanType } from '../../../domain/userData.ts';
import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';

/** A current user's plan by address (any organisation: internal users look anyone up); unknown is a 404. */
export async function planHolderByEmail(db: Db, email: string) {
  const row = await planHolderQuery(db)
    .where((eb) => eb(eb.fn('lower', ['u.email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  if (!row) throw notFound(`No current user has the address ${email}.`);
  return row;
}

export async function planHolderById(db: Db, userId: number) {
  return planHolderQuery(db).where('u.id', '=', userId).executeTakeFirstOrThrow();
}

function planHolderQuery(db: Db) {
  return db
    .selectFrom('users as u')
    .innerJoin('organisations as o', 'o.id', 'u.org_id')
    .select([
      'u.id',
      'u.org_id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.plan_type',
      'o.name as organisation_name',
      ...PLAN_FLAGS.map((flag) => `u.${flag.key}` as const),
    ])
    .where('u.removed_at', 'is', null);
}

export type PlanHolderRow = Awaited<ReturnType<typeof planHolderById>>;

export function planHolderOf(row: PlanHolderRow): PlanHolder {
  return {
    user_id: row.id,
    email: row.email,
    name: `${row.first_name} ${row.last_name}`.trim(),
    organisation_name: row.organisation_name,
    plan_type: normalisePlanType(row.plan_type),
    has_share_profile_perm: row.has_share_profile_perm,
    has_daily_iq_perm: row.has_daily_iq_perm,
    has_weekly_account_insight_perm: row.has_weekly_account_insight_perm,
    sales_x_usage_permission: row.sales_x_usage_permission,
    export_widget_permission: row.export_widget_permission,
  };
}

/** The audit log of an organisation's plan changes, newest first. */
export async function planChangesOf(db: Db, orgId: number): Promise<PlanChange[]> {
  const rows = await db
    .selectFrom('plan_changes as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('users as by', 'by.id', 'c.changed_by')
    .select([
      'c.id',
      'u.email as user_email',
      'c.field',
      'c.old_value',
      'c.new_value',
      'by.email as changed_by',
      'c.created_at',
    ])
    .where('c.org_id', '=', orgId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(PLAN_CHANGES_SHOWN)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    user_email: row.user_email,
    field: row.field as PlanChange['field'],
    old_value: row.old_value,
    new_value: row.new_value,
    changed_by: row.changed_by ?? 'a removed user',
    changed_at: row.created_at.toISOString(),
  }));
}
