import type { Kysely } from 'kysely';
import type { Database } from '../types.ts';
import { seedCountries } from './countries.ts';

/** Reference data; every seed is idempotent and runs on each start-up. */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  await seedCountries(db);
}
