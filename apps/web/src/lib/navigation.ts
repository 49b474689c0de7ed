/**
 * The router registers its navigate function here; the http client uses it on a 401 (seed §4)
 * so the move to signIn happens without a page reload. Kept apart from http.ts so the router
 * does not pull the http client into the sign-in page's initial bundle.
 */
type Navigate = (to: string) => void | Promise<void>;

let navigate: Navigate | null = null;
let onUnauthorized: (() => void) | null = null;

export function registerNavigate(fn: Navigate | null): void {
  navigate = fn;
}

/** Extra work on a 401 (the app clears the stored customer). */
export function registerUnauthorizedHandler(fn: (() => void) | null): void {
  onUnauthorized = fn;
}

export function navigateTo(to: string): void {
  void navigate?.(to);
}

export function notifyUnauthorized(): void {
  onUnauthorized?.();
}
