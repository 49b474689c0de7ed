import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { CountryJson } from '../../db/types.ts';
import { referenceRepository } from './reference.repository.ts';

/**
 * In-memory cache of the countries table (reference data, reloaded after each seed). The profile
 * query of every authenticated request returns country ids and takes the rows from here: three
 * fewer joins, which roughly halves PostgreSQL's planning time for that query.
 */
export class CountryCatalog {
  private byId = new Map<number, CountryJson>();

  get(id: number | null | undefined): CountryJson | null {
    return id == null ? null : (this.byId.get(id) ?? null);
  }

  async load(db: Kysely<Database>): Promise<void> {
    const rows = await referenceRepository.listCountries(db);
    this.byId = new Map(rows.map((r) => [r.id, Object.freeze({ ...r })]));
  }
}

/** Process-wide: the same reference data for every app instance. */
export const countryCatalog = new CountryCatalog();
