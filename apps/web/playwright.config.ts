import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium';
import { baseURL, passkeyReadyURL, passkeyURL, reviewURL } from './e2e/servers';

// e2e: real Chromium (Debian's) against the real api serving the built web app on a fresh
// embedded database. `npm run build -w apps/web` must have run first (the test script does it).
// Three apis: the journeys', one with the sandbox reviewer's default delay for the specs that watch
// it, one at `localhost` for passkeys (e2e/servers.ts).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'remit-e2e-'));

function api(url: string, env: Record<string, string>) {
  return {
    command: 'npx tsx ../api/src/server.ts',
    url: `${url}/client/v1/password-policy`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: new URL(url).port,
      APP_URL: url,
      WEB_DIST: join(import.meta.dirname, 'dist'),
      LOG_LEVEL: 'warn',
      // Every journey signs up from 127.0.0.1; the per-address limit (500 an hour) is tested in the api.
      // From the sixth sign-up the api asks for a proof of work, which the sign-up screen solves.
      SIGNUP_MAX_PER_IP: '1000',
      // The sandbox payout partner completes a payout after 20 s by default; journeys watch it live.
      SANDBOX_PAYOUT_DELAY_SECONDS: '5',
      // Due durable jobs (each sandbox review step is one) looked for every 100 ms, not every second.
      JOBS_POLL_MS: '100',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'phone-360',
      use: { ...devices['Desktop Chrome'], channel: undefined, viewport: { width: 360, height: 740 }, isMobile: false },
      grep: /@phone/,
    },
  ],
  webServer: [
    // Customers verified without waiting: the sandbox reviewer decides at once.
    // Due scheduled transfers looked for every 2 s (15 minutes by default): a schedule made for today
    // runs while the journey watches (scheduled-transfers.spec.ts).
    api(baseURL, {
      DATA_DIR: join(dataDir, 'api'),
      SANDBOX_REVIEW_DELAY_MS: '0',
      SCHEDULED_TRANSFERS_CHECK_SECONDS: '2',
    }),
    // Bank transfers arrive after 3 s here: holds.spec.ts pays a large transfer by bank transfer.
    api(reviewURL, { DATA_DIR: join(dataDir, 'review'), SANDBOX_BANK_TRANSFER_DELAY_SECONDS: '3' }),
    api(passkeyReadyURL, { DATA_DIR: join(dataDir, 'passkeys'), SANDBOX_REVIEW_DELAY_MS: '0', APP_URL: passkeyURL }),
  ],
});
