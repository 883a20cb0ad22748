import type { DesignTheme } from '../../../domain/emailDesign.ts';
import type { Db } from '../../db/Db.ts';
import { loadBrand } from './designQueries.ts';

/** POST brand_theme/: the organisation's brand theme and (when given) postal address. */
export async function saveBrand(
  db: Db,
  orgId: number,
  input: { theme: DesignTheme; postal_address?: string },
): Promise<{ theme: DesignTheme; postal_address: string }> {
  await db
    .insertInto('brand_themes')
    .values({ org_id: orgId, theme: JSON.stringify(input.theme) })
    .onConflict((oc) =>
      oc.column('org_id').doUpdateSet({ theme: JSON.stringify(input.theme), updated_at: new Date() }),
    )
    .execute();
  if (input.postal_address !== undefined)
    await db
      .updateTable('organisations')
      .set({ postal_address: input.postal_address })
      .where('id', '=', orgId)
      .execute();
  return loadBrand(db, orgId);
}
