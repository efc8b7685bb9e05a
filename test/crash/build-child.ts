import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForNode } from '../helpers/node-bundle.js';

/**
 * Bundles the child once so each restart is a plain `node child.mjs` (≈ 0.1 s) instead of a tsx
 * compile: 50+ restarts fit in the time budget.
 */
export function buildChild(): Promise<string> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return bundleForNode(path.join(here, 'child.ts'), 'benchlink-crash', 'child.mjs');
}
