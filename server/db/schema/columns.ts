import type { ColumnType } from 'kysely';

/** Set by the database on insert, never updated. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** Set on insert, and on each update by the writer. */
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
