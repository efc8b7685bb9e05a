import { defineConfig } from '@playwright/test';

/**
 * Tests whose outcome rests on how far apart keys arrive (a wedge read told from typing, a double read
 * inside the user's window): they run on their own after the rest, one at a time, so the other
 * worker's load cannot stretch the gaps Playwright types with.
 */
const keyTiming = [
  '**/double-read.spec.ts',
  '**/scan-in-fields.spec.ts',
  '**/wedge-keys.spec.ts',
  '**/settings-scanner.spec.ts',
  '**/scan-field-keys.spec.ts',
];

/**
 * E2E against the browser host: test/e2e/global-setup.ts builds the renderer if needed, starts
 * one `npm start` host per worker (in-process local sandbox, fresh data dir, free port) and hands
 * the URLs with their per-launch keys to the tests (test/e2e/shared-host.ts). Uses the system Chromium; never
 * `playwright install`.
 */
export default defineConfig({
  testDir: 'test/e2e',
  // One worker: two (each with its own host, shared-host.ts) took as long on this 2-core machine (CI
  // 9.5 min against 9.4 min on one: each test's host, sandbox and Chromium already fill both cores).
  workers: 1,
  fullyParallel: false,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  retries: 0,
  globalSetup: './test/e2e/global-setup.ts',
  reporter: [['list'], ['json', { outputFile: '.e2e-results.json' }]],
  projects: [
    { name: 'screens', testIgnore: keyTiming },
    // After the screens (a failure there leaves these "did not run", counted as skipped).
    { name: 'key timing', testMatch: keyTiming, dependencies: ['screens'], workers: 1 },
  ],
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
