import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Compiles the renderer's `.svelte.ts` state modules (runes), so their logic is unit-tested in Node.
  plugins: [svelte({ compilerOptions: { runes: true } })],
  resolve: { conditions: ['browser'] },
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/chaos/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
