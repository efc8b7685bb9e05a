/**
 * The test files vitest runs each in a module graph of its own (vitest.config.ts): the rest share their
 * worker's loaded modules. A file belongs here when it changes what a module sees when it is loaded or
 * for the rest of its worker's life: it mocks a module (vi.mock) or stubs a global, the environment or
 * the clock. test/unit/isolated-files.test.ts finds those and fails on one not listed.
 */
export const ISOLATED_TEST_FILES = [
  'test/unit/main/electron/electron-bridge.test.ts',
  'test/unit/main/host/unheard-reads.test.ts',
  'test/unit/main/plate-record/record-same-second.test.ts',
  'test/unit/renderer/lib/ipc/ws-client.test.ts',
  'test/unit/renderer/lib/shell-state.test.ts',
];

/** What vitest runs: unit, integration against the real sandbox, chaos through the fault proxy. */
export const TEST_FILES = ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/chaos/**/*.test.ts'];
