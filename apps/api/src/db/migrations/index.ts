import type { Migration } from 'kysely';
import * as m20250101000000 from './20250101000000_foundation.ts';

/** Every migration, keyed by its timestamp-prefixed name (static imports: no fs scanning at runtime). */
export const migrations: Record<string, Migration> = {
  '20250101000000_foundation': m20250101000000,
};
