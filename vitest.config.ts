import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';
import { ISOLATED_TEST_FILES, TEST_FILES } from './test/isolated-files.js';

export default defineConfig({
  // Compiles the renderer's `.svelte.ts` state modules (runes), so their logic is unit-tested in Node.
  plugins: [svelte({ compilerOptions: { runes: true } })],
  resolve: { conditions: ['browser'] },
  test: {
    pool: 'forks',
    maxWorkers: 2,
    setupFiles: ['./test/setup/patient-wait-for.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // Files share their worker's loaded modules: loading main's and the renderer's modules again for
      // each of ~270 files took more than half of vitest's time (484 s against about 200 s on a 2-core VM).
      // Each file makes its own servers, outboxes and temp dirs, and closes them. The few that change what
      // modules see (a mocked module, a stubbed global or clock) get their own (test/isolated-files.ts).
      { extends: true, test: { name: 'shared', include: TEST_FILES, exclude: ISOLATED_TEST_FILES, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED_TEST_FILES } },
    ],
  },
});
