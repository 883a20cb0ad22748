import { type SeedSummary, seedDemoData } from '../seed/seedDemoData.ts';
import { migrateToLatest } from './migrations.ts';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from './openDatabase.ts';

/** Opens the database, applies pending migrations and seeds an empty one. */
export async function prepareDatabase(
  options: DatabaseOptions & { seed?: boolean },
): Promise<{ database: DatabaseHandle; applied: string[]; seed: SeedSummary | null }> {
  const database = await openDatabase(options);
  try {
    const applied = await migrateToLatest(database.db);
    const seed = options.seed === false ? null : await seedDemoData(database.db);
    return { database, applied, seed };
  } catch (error) {
    await database.close();
    throw error;
  }
}
