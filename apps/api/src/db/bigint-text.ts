import { sql, type RawBuilder } from 'kysely';

/**
 * A bigint column read as its exact decimal text (`column::text`): pg reads bigint as a string and
 * PGlite as a number (a float past 2^53), so money columns are always read this way and parsed with
 * the contract's money module (docs/product/money-movement.md#money).
 */
export const bigintText = (column: string): RawBuilder<string> => sql<string>`${sql.ref(column)}::text`;
