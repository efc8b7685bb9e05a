import { defineConfig } from '@playwright/test';

/**
 * E2E against the browser host: test/e2e/global-setup.ts builds the renderer if needed, starts
 * `main/host/cli.ts` (in-process local sandbox, fresh data dir, free port) and hands the URL with
 * its per-launch key to the tests in BENCHLINK_E2E_URL. Uses the system Chromium; never
 * `playwright install`.
 */
export default defineConfig({
  testDir: 'test/e2e',
  workers: 1,
  fullyParallel: false,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  retries: 0,
  globalSetup: './test/e2e/global-setup.ts',
  reporter: [['list'], ['json', { outputFile: '.e2e-results.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'off',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
