import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** The database, or a transaction on it: what a query or a step of a use case runs on. */
export type Db = Kysely<Database> | Transaction<Database>;
