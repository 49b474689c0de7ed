import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import NProgress from 'nprogress';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { i18n, loadEveryLocale } from '@/lib/i18n';
import { progressReset } from '@/lib/progress';
import { requestLog } from './handlers';
import { server } from './server';

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
