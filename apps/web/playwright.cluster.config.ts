import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium';

// The rolling-restart journey (apps/web/e2e-cluster, issue #22 item 5): real Chromium (Debian's)
// against a running cluster behind HAProxy at CLUSTER_URL. No webServer: scripts/cluster-rolling.mjs
// starts the cluster, runs this, and restarts the instances one by one meanwhile.
const baseURL = process.env.CLUSTER_URL;
if (!baseURL) throw new Error('CLUSTER_URL must name the cluster (scripts/cluster-rolling.mjs sets it)');

export default defineConfig({
  testDir: './e2e-cluster',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 240_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  outputDir: 'test-results/e2e-cluster',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
