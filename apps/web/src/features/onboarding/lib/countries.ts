import type { Country } from '@remit/contract';

/** Regional-indicator flag emoji from an ISO 3166 alpha-2 code ('DE' → 🇩🇪). */
export function flagEmoji(iso2: string): string {
  if (!/^[A-Za-z]{2}$/.test(iso2)) return '';
  return String.fromCodePoint(...Array.from(iso2.toUpperCase()).map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** Lower case, accents removed: 'Côte d’Ivoire' → 'cote d’ivoire'. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** Matches the common name, the official name or the endonym (native name). */
export function matchesCountry(country: Country, query: string): boolean {
  const q = normalizeSearch(query);
  if (!q) return true;
  return [country.common_name, country.official_name, country.endonym].some(
    (name) => name !== null && normalizeSearch(name).includes(q),
  );
}

export function sortCountries(countries: readonly Country[], locale: string): Country[] {
  return [...countries].sort((a, b) => a.common_name.localeCompare(b.common_name, locale));
}
