import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions every embedded database loads (each PGlite that opens a data folder or a dump
 * must load the ones its schema uses): pg_trgm, whose trigram indexes answer the people search.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
