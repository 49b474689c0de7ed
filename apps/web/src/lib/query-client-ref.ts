import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's one QueryClient, once it exists. TanStack Query is not in the sign-in page's bundle
 * (docs/decisions/0003-entry-bundle.md): the client is created on first use by getAppQueryClient()
 * (lib/query-client.ts), which the lazy routes and the sign-in/sign-up success handlers load.
 * Type-only import: code in the entry can ask "is there a client?" without pulling TanStack in.
 */
let current: QueryClient | undefined;

export function currentQueryClient(): QueryClient | undefined {
  return current;
}

/** Make `client` the app's client (getAppQueryClient; tests inject theirs through renderRoute). */
export function provideQueryClient(client: QueryClient | undefined): void {
  current = client;
}
