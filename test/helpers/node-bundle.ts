import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root: a bundle's packages resolve from its node_modules. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Bundles a TypeScript entry into one ESM file that a plain `node` runs, so a child process pays no
 * tsx compile (in its start time or its memory). Packages stay external and resolve from the
 * project's node_modules, which is why the bundle is written under it, at
 * `node_modules/.cache/<folder>/<file>`. esbuild is loaded only when a bundle is made.
 */
export async function bundleForNode(entry: string, folder: string, file: string): Promise<string> {
  const outfile = path.join(PROJECT_ROOT, 'node_modules', '.cache', folder, file);
  const { build } = await import('esbuild');
  await build({
    entryPoints: [entry],
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
