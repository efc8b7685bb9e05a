import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED_TEST_FILES, TEST_FILES } from '../isolated-files.js';

/**
 * vitest's files share their worker's loaded modules, so a file that mocks a module or stubs a global, the
 * environment or the clock would reach the files after it in its worker (a mocked `electron` left in the
 * module cache, a fake Date). Each such file must be listed to run in a module graph of its own.
 */
const CHANGES_LOADED_WORLD = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|setSystemTime)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return testFiles(path);
    return d.name.endsWith('.test.ts') ? [relative(process.cwd(), path)] : [];
  });
}

describe('test files that change what modules see run on their own', () => {
  // The folders vitest runs from ('test/unit/**/*.test.ts' → test/unit).
  const files = TEST_FILES.map((glob) => glob.slice(0, glob.indexOf('/**'))).flatMap(testFiles);

  it('every file that mocks a module or stubs a global, the environment or the clock is listed', () => {
    const changing = files.filter((f) => CHANGES_LOADED_WORLD.test(readFileSync(f, 'utf8')));
    const self = relative(process.cwd(), new URL(import.meta.url).pathname);
    expect(changing.filter((f) => f !== self && !ISOLATED_TEST_FILES.includes(f))).toEqual([]);
    // Found by the pattern at all: the list is not empty by a pattern that matches nothing.
    expect(changing.length).toBeGreaterThanOrEqual(ISOLATED_TEST_FILES.length);
  });

  it('every listed file is there', () => {
    expect(ISOLATED_TEST_FILES.filter((f) => !files.includes(f))).toEqual([]);
  });
});
