import type { Transaction } from 'kysely';
import { DEFAULT_THEME, type DesignTheme } from '../../domain/emailDesign.ts';
import type { Database } from '../db/schema.ts';
import { DEMO_IDS } from './demoIds.ts';

export const DEMO_POSTAL_ADDRESS = 'Northwind Analytics, 12 Harbour Street, Bristol BS1 4QA, United Kingdom';

/** Northwind's brand: its own accent colour and font (the designer copies it into every new design). */
export const DEMO_BRAND_THEME: DesignTheme = {
  ...DEFAULT_THEME,
  fontFamily: 'Georgia, "Times New Roman", serif',
  accentColor: '#0f766e',
  linkColor: '#0f766e',
  backgroundColor: '#eef2f1',
};

/** The demo organisation's postal address (every email's footer) and brand theme. */
export async function seedDesign(trx: Transaction<Database>): Promise<void> {
  await trx
    .updateTable('organisations')
    .set({ postal_address: DEMO_POSTAL_ADDRESS })
    .where('id', '=', DEMO_IDS.mainOrgId)
    .execute();
  await trx
    .insertInto('brand_themes')
    .values({ org_id: DEMO_IDS.mainOrgId, theme: JSON.stringify(DEMO_BRAND_THEME) })
    .execute();
}
