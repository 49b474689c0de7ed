/**
 * The router registers its navigate function here; the http client uses it on a 401
 * (docs/product/auth-and-sessions.md#the-401-rule) so the move to signIn happens without a page
 * reload. Kept apart from http.ts so the router does not pull the http client into the sign-in
 * page's initial bundle.
 */
type Navigate = (to: string) => void | Promise<void>;

let navigate: Navigate | null = null;
let pathname: (() => string) | null = null;
let onUnauthorized: (() => void) | null = null;

/** `currentPath` reads the router's own location (a memory router does not move window.location). */
export function registerNavigate(fn: Navigate | null, currentPath: (() => string) | null = null): void {
  navigate = fn;
  pathname = currentPath;
}

/** The path the router shows, else the page's. */
export function currentPathname(): string | undefined {
  return pathname?.() ?? globalThis.location?.pathname;
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
