import type { LaunchOptions } from '@playwright/test';

/**
 * How the e2e configs (playwright.config.ts, playwright.cluster.config.ts) launch Chromium: Debian's
 * (CHROMIUM_PATH), without sandbox, GPU, QUIC or anything it would fetch in the background.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
