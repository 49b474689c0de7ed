import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import NProgress from 'nprogress';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { i18n, loadEveryLocale } from '@/lib/i18n';
import { progressReset } from '@/lib/progress';
import { requestLog } from './handlers';
import { server } from './server';

// A response that lands as a test file ends (a refetch, a realtime auth) can still finish the bar:
// nprogress then touches `document` from a timer after jsdom is gone. Outside a document it does nothing.
for (const name of ['set', 'remove'] as const) {
  const original = NProgress[name] as (...args: unknown[]) => unknown;
  (NProgress as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
    return typeof document === 'undefined' ? NProgress : original.apply(this, args);
  };
}

// The first test of a file loads its lazy route chunks; on a busy 2-core machine that alone can take
// over the default 1 s of findBy/waitFor. A wait only lasts until the element shows.
configure({ asyncUtilTimeout: 4_000 });

beforeAll(async () => {
  // The bar's fade-out runs on timers; with no animation they settle before the file's teardown.
  NProgress.configure({ speed: 0 });
  server.listen({ onUnhandledRequest: 'error' });
  // The app loads feature texts and French with the routes that need them; tests see every string.
  await loadEveryLocale();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  requestLog.length = 0;
  progressReset();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

afterAll(async () => {
  server.close();
  // Let nprogress's last zero-delay timers run while `document` still exists.
  await new Promise((resolve) => setTimeout(resolve, 50));
});
