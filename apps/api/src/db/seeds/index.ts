import type { Kysely } from 'kysely';
import { attributeCatalog } from '../../modules/reference/attribute-catalog.ts';
import { countryCatalog } from '../../modules/reference/country-catalog.ts';
import type { Database } from '../types.ts';
import { seedAttributeDefinitions } from './attributes/index.ts';
import { seedCountries } from './countries.ts';

/** Reference data; every seed is idempotent and runs on each start-up. */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  await seedCountries(db);
  await seedAttributeDefinitions(db);
  // The in-memory definitions cache follows the seeded table.
  await attributeCatalog.load(db);
  await countryCatalog.load(db);
}
