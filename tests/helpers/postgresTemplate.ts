import { inject } from 'vitest';

/** PostgreSQL runs: the seeded template database's name (globalSetup.ts), else undefined. */
export function postgresTemplate(): string | undefined {
  return inject('postgresTemplate') || undefined;
}
