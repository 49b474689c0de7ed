/**
 * This tab's realtime socket id, once Echo is connected. The http client sends it as X-Socket-ID
 * (as Laravel Echo does for its http clients) so that the api leaves this tab out of the events its own
 * requests cause: the tab already has the answer, only the customer's other tabs and devices need
 * telling. Kept apart from echo.ts so the entry bundle never loads the realtime code.
 */
let source: (() => string | undefined) | null = null;

export function setSocketIdSource(read: (() => string | undefined) | null): void {
  source = read;
}

export function currentSocketId(): string | undefined {
  return source?.() || undefined;
}
