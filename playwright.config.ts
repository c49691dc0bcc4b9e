import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests run against the built site (`npm run build` first; `npm test` does it) served
 * by the production entry on its own port and data folder, in Debian's Chromium.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4399);
export const E2E_DATA_DIR = 'data/e2e';
const baseURL = `http://127.0.0.1:${E2E_PORT}`;
/** Browser tests that change a setting every page reads (see `projects`). */
const SITE_WIDE_SETTINGS = /gst-invoices\.spec\.ts$/;

/**
 * Debian's headless shell (package chromium-headless-shell) when it is there: the browser Playwright itself runs
 * headless, without the full browser's window machinery, and a third quicker here (docs/testing.md). The full
 * `chromium` stays for Lighthouse and screenshots.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const browserPath = process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Scenario tests sign two people in and walk several pages on a 2-core machine shared with the server.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // The site honours reduced motion (the ticker stands still): two browsers on two cores then stop drawing a
    // scrolling ticker on every public page. public-header and admin-ticker ask for motion to test it.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: browserPath,
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'chromium', testIgnore: SITE_WIDE_SETTINGS, use: { ...devices['Desktop Chrome'] } },
    // These turn settings on for the whole site (the institute's GSTIN puts GST on every price): they run
    // after the rest, so no other test meets a price it did not expect.
    {
      name: 'site-wide settings',
      testMatch: SITE_WIDE_SETTINGS,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: {
    command: 'node tests/e2e/support/serve.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT) },
  },
});
