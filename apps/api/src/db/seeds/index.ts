import type { Kysely } from 'kysely';
import type { Database } from '../types.ts';
import { seedAttributeDefinitions } from './attributes/index.ts';
import { seedCorridors } from './corridors.ts';
import { seedCountries } from './countries.ts';
import { seedDocumentCategories } from './documents.ts';
import { seedRatesSnapshot } from './rates-snapshot.ts';

/**
 * Reference data; every seed is idempotent and runs on each start-up. Seeds only write tables: the
 * in-memory catalogs that follow them are reloaded by their owner (`loadReferenceCatalogs`).
 */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  await seedCountries(db);
  await seedAttributeDefinitions(db);
  await seedDocumentCategories(db);
  await seedCorridors(db);
  await seedRatesSnapshot(db);
}
