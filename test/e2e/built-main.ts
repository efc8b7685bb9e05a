import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { root } from './child.js';

/** Where main/ and shared/ are transpiled for the e2e stacks, file for file (out/ is not committed). */
const OUT = join(root, 'out', 'e2e');

/**
 * Transpiles main/ and shared/ to JavaScript once per run, as tsx does on each start, with the same
 * layout: a module's paths relative to its own file hold (the sandbox's worker); package.json is two
 * levels further up, above out/e2e/, which the host's lookup allows for. The e2e stacks start their
 * hosts and sandboxes from it with plain node: through tsx each start took about a second more
 * (2.1–2.4 s against 1.1 s for a host here), some 40 starts a run. `npm start`, the newcomer's command,
 * still runs the sources through tsx (global-setup.ts starts it as they do).
 */
export async function transpileMain(): Promise<void> {
  // Afresh: a file left from a module since removed must not be found by an import of it.
  rmSync(OUT, { recursive: true, force: true });
  await build({
    entryPoints: ['main/**/*.ts', 'shared/**/*.ts'],
    absWorkingDir: root,
    outdir: OUT,
    outbase: '.',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
}

/** A script of main/ as transpiled (`host/cli.js`, `sandbox/cli.js`). */
export const builtMain = (script: string): string => join(OUT, 'main', script);
