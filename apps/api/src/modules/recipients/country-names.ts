import { countrySeed } from '../../db/seeds/countries.ts';

/**
 * A destination's name as the requirement messages say it ("Enter an IBAN from the Netherlands",
 * docs/product/money-movement.md#recipients), from the countries table's common name. The rows are
 * read from the table's seed (db/seeds/countries.ts, which refreshes every row at start-up), so the
 * requirements stay synchronous and work without a database.
 */

/** English puts "the" before plural names and names built on a common noun (kingdom, states, islands). */
const TAKES_THE =
  /^(?:United |Central African Republic$|Dominican Republic$|Bahamas$|Gambia$|Maldives$|Netherlands$|Philippines$)|Islands$/;

let names: ReadonlyMap<string, string> | undefined;

export function countryName(iso2: string): string {
  names ??= new Map(
    countrySeed.map((c) => [c.iso2_alpha, TAKES_THE.test(c.common_name) ? `the ${c.common_name}` : c.common_name]),
  );
  return names.get(iso2) ?? iso2;
}
