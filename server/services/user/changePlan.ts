import { PLAN_FLAGS, type PlanFlag } from '../../../domain/planSettings.ts';
import { normalisePlanType } from '../../../domain/userData.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { planHolderByEmail } from './planQueries.ts';

type PlanInput = { user_email: string; plan_type?: string } & Partial<Record<PlanFlag, boolean>>;

/**
 * change_plan/ (internal users only, checked by the route): sets a user's plan type and feature flags.
 * Every field that changes is written to the audit log (plan_changes) in the same transaction; a field
 * sent with its current value changes nothing and logs nothing. The user's session sees it at once.
 */
export async function changePlan(ctx: AppContext, changer: UserRow, input: PlanInput): Promise<number> {
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const holder = await planHolderByEmail(trx, input.user_email);
    await trx.selectFrom('users').select('id').where('id', '=', holder.id).forUpdate().execute();
    const changes: { field: string; old_value: string; new_value: string }[] = [];
    const set: Partial<Record<PlanFlag, boolean>> & { plan_type?: string } = {};
    if (input.plan_type !== undefined && input.plan_type !== normalisePlanType(holder.plan_type)) {
      set.plan_type = input.plan_type.toLowerCase();
      changes.push({
        field: 'plan_type',
        old_value: normalisePlanType(holder.plan_type),
        new_value: input.plan_type,
      });
    }
    for (const { key } of PLAN_FLAGS) {
      const wanted = input[key];
      if (wanted === undefined || wanted === holder[key]) continue;
      set[key] = wanted;
      changes.push({ field: key, old_value: holder[key] ? 'on' : 'off', new_value: wanted ? 'on' : 'off' });
    }
    if (changes.length === 0) return holder.id;
    await trx
      .updateTable('users')
      .set({ ...set, updated_at: new Date() })
      .where('id', '=', holder.id)
      .execute();
    await trx
      .insertInto('plan_changes')
      .values(
        changes.map((change) => ({
          ...change,
          org_id: holder.org_id,
          user_id: holder.id,
          changed_by: changer.id,
        })),
      )
      .execute();
    return holder.id;
  });
  ctx.sessions.forgetUser(userId);
  return userId;
}
