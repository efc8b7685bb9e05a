import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

const ALL = ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/chaos/**/*.test.ts'];

/**
 * Files that change what a module sees when it is loaded or for the rest of its worker's life: a mocked
 * module (vi.mock), a stubbed global or clock. Each runs in a module graph of its own, so what it changes
 * cannot reach another file's modules.
 */
const ISOLATED = [
  'test/unit/main/electron/electron-bridge.test.ts',
  'test/unit/main/host/unheard-reads.test.ts',
  'test/unit/main/plate-record/record-same-second.test.ts',
  'test/unit/renderer/lib/ipc/ws-client.test.ts',
  'test/unit/renderer/lib/shell-state.test.ts',
];

export default defineConfig({
  // Compiles the renderer's `.svelte.ts` state modules (runes), so their logic is unit-tested in Node.
  plugins: [svelte({ compilerOptions: { runes: true } })],
  resolve: { conditions: ['browser'] },
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // The rest share their worker's loaded modules: loading main's and the renderer's modules again for
      // each of 260 files took more than half of vitest's time (8 min against 3.3 on this 2-core machine).
      // Each file makes its own servers, outboxes and temp dirs, and closes them.
      { extends: true, test: { name: 'shared', include: ALL, exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
