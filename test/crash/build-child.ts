import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Bundles the child once so each restart is a plain `node child.mjs` (≈ 0.1 s) instead of a tsx
 * compile: 50+ restarts fit in the time budget. Packages stay external and resolve from the
 * project's node_modules, which is why the bundle is written under it.
 */
export async function buildChild(): Promise<string> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = path.resolve(here, '../..');
  const outfile = path.join(root, 'node_modules', '.cache', 'benchlink-crash', 'child.mjs');
  await build({
    entryPoints: [path.join(here, 'child.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
  });
  return outfile;
}
