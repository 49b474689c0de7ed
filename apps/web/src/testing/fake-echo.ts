import type * as EchoModule from '@/lib/echo';

type Callback = (payload: unknown) => void;

function createFakeEcho() {
  const listeners = new Map<string, Set<Callback>>();
  const channel = {
    listen(name: string, callback: Callback) {
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name)!.add(callback);
      return channel;
    },
    stopListening(name: string, callback: Callback) {
      listeners.get(name)?.delete(callback);
      return channel;
    },
  };
  const connection = { state: 'connected', bind: () => undefined, unbind: () => undefined };
  return {
    echo: { connector: { pusher: { connection } }, private: () => channel },
    listeners,
    /** Someone listens for `name` on the channel. */
    listening: (name: string) => (listeners.get(name)?.size ?? 0) > 0,
    emit(name: string, payload: unknown) {
      for (const callback of listeners.get(name) ?? []) callback(payload);
    },
  };
}

/**
 * A stand-in for Echo: the customer's channel, whose events the tests emit, on a connection that
 * stays connected. One per test file (vitest gives each file its own modules); a test file mocks
 * `@/lib/echo` with it:
 *
 *   vi.mock('@/lib/echo', async (importOriginal) =>
 *     (await import('@/testing/fake-echo')).withFakeEcho(await importOriginal()));
 */
export const fakeEcho = createFakeEcho();

/** `@/lib/echo` with the fake Echo in place of the real one. */
export function withFakeEcho(actual: typeof EchoModule) {
  return { ...actual, getEcho: () => Promise.resolve(fakeEcho.echo), disconnectEcho: () => undefined };
}
