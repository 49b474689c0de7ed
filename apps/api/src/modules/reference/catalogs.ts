import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { corridorCatalog } from '../corridors/corridor-catalog.ts';
import { attributeCatalog } from './attribute-catalog.ts';
import { countryCatalog } from './country-catalog.ts';
import { documentCatalog } from './document-catalog.ts';

/** Fill the process-wide reference caches from the (freshly seeded) tables. */
export async function loadReferenceCatalogs(db: Kysely<Database>): Promise<void> {
  await attributeCatalog.load(db);
  await countryCatalog.load(db);
  await documentCatalog.load(db);
  await corridorCatalog.load(db);
}
