// Column helpers every table file shares (db/types.ts composes the tables into Database). A
// `*.tables.ts` file imports only this file and kysely, never db/types.ts, so no import circle.
import type { ColumnType } from 'kysely';

/** timestamptz: read as Date, written as Date or ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/**
 * bigint (money in minor units): read as string by pg and as number by PGlite, so repositories
 * read them as `::text`; written as bigint or text.
 */
export type BigintColumn = ColumnType<string | number, bigint | string, bigint | string>;

/** jsonb always written as serialized JSON text. */
export type Jsonb<T> = ColumnType<T, string, string>;
