/** Languages the api speaks (mails; the web app has its own catalogs). English is the fallback. */
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

const isLocale = (v: string): v is Locale => (LOCALES as readonly string[]).includes(v);

/** A language stored with a row (a transfer's, an alert's, a schedule's), or English when it is not one we speak. */
export const storedLocale = (v: string): Locale => (isLocale(v) ? v : DEFAULT_LOCALE);

/**
 * Pick the best supported language from an Accept-Language header (RFC 9110 q-values;
 * `fr-CA` matches `fr`). Falls back to English.
 */
export function negotiateLocale(header: string | string[] | undefined | null): Locale {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return DEFAULT_LOCALE;
  const ranges = value
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.tag !== '' && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranges) {
    if (r.tag === '*') return DEFAULT_LOCALE;
    const primary = r.tag.split('-')[0] ?? '';
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}
