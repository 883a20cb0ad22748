import { type SeedSummary, seedDemoData } from '../seed/seedDemoData.ts';
import {
  ensureInternalUsers,
  type InternalUserOutcome,
  type InternalUsersOptions,
} from '../services/user/internalUsers.ts';
import { migrateToLatest } from './migrations.ts';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from './openDatabase.ts';

export type PreparedDatabase = {
  database: DatabaseHandle;
  applied: string[];
  seed: SeedSummary | null;
  /** What start-up did about the internal users (empty unless asked for). */
  internalUsers: InternalUserOutcome[];
};

/**
 * Opens the database, applies pending migrations, fills an empty one with the demo data (unless
 * `seed: false`, e.g. DEMO_DATA=off), then, when `internalUsers` is given (the server and db:reset do),
 * makes sure the internal admin exists (internalUsers.ts). The demo data comes first: it fills only a
 * database without users.
 */
export async function prepareDatabase(
  options: DatabaseOptions & { seed?: boolean; internalUsers?: InternalUsersOptions },
): Promise<PreparedDatabase> {
  const database = await openDatabase(options);
  try {
    const applied = await migrateToLatest(database.db);
    const seed = options.seed === false ? null : await seedDemoData(database.db);
    const internalUsers = options.internalUsers
      ? await ensureInternalUsers(database.db, options.internalUsers)
      : [];
    return { database, applied, seed, internalUsers };
  } catch (error) {
    await database.close();
    throw error;
  }
}
