/**
 * A corridor to open the dashboard's calculator on, carried across a sign-in
 * (docs/product/rate-alerts.md#mail): a rate alert's mail links to
 * `/dashboard?source_currency=&target_country=&target_currency=`; a customer signed out by then is sent
 * to sign-in by the 401 rule, so the corridor is kept for the tab (sessionStorage) and the calculator
 * takes it once, after the sign-in.
 */
const KEY = 'remit.dashboard.corridor';
export const CORRIDOR_PARAMS = ['source_currency', 'target_country', 'target_currency'] as const;

/** On a 401: keep the corridor of a `/dashboard?…` address, if it names one. */
export function keepCorridorHandoff(location: { pathname: string; search: string }): void {
  if (location.pathname !== '/dashboard') return;
  const params = new URLSearchParams(location.search);
  const kept = new URLSearchParams();
  for (const name of CORRIDOR_PARAMS) {
    const value = params.get(name);
    if (value && /^[A-Za-z]{2,3}$/.test(value)) kept.set(name, value);
  }
  if (!kept.size) return;
  try {
    sessionStorage.setItem(KEY, kept.toString());
  } catch {
    // storage may be blocked: the link then opens the calculator as it is
  }
}

/** The corridor kept, removed as it is read (taken once); null when none. */
export function takeCorridorHandoff(): URLSearchParams | null {
  try {
    const kept = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return kept ? new URLSearchParams(kept) : null;
  } catch {
    return null;
  }
}
