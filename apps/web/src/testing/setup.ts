import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { i18n, loadEveryLocale } from '@/lib/i18n';
import { progressReset } from '@/lib/progress';
import { requestLog } from './handlers';
import { server } from './server';

// The first test of a file loads its lazy route chunks; on a busy 2-core machine that alone can take
// over the default 1 s of findBy/waitFor. A wait only lasts until the element shows.
configure({ asyncUtilTimeout: 4_000 });

beforeAll(async () => {
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

afterAll(() => {
  server.close();
});
