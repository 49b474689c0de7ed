/** Dates as the screens show them, in the page's locale. One formatter per locale and style. */
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, style: 'dateTime' | 'date'): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let found = cache.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(
      locale,
      style === 'dateTime'
        ? { dateStyle: 'medium', timeStyle: 'short' }
        : { day: 'numeric', month: 'short', year: 'numeric' },
    );
    cache.set(key, found);
  }
  return found;
}

/** A date and time ("21 Nov 2026, 10:00"), from an ISO string or a time in milliseconds. */
export function formatDateTime(time: string | number | Date, locale: string): string {
  return formatter(locale, 'dateTime').format(new Date(time));
}

/** A day ("21 Nov 2026"). */
export function formatDate(iso: string, locale: string): string {
  return formatter(locale, 'date').format(new Date(iso));
}
