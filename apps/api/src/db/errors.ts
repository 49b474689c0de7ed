// What a database error means, the same on PGlite and PostgreSQL (both report SQLSTATE in `code`).

/** A unique constraint refused the row (SQLSTATE 23505): a race lost or a duplicate sent twice. */
export const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
