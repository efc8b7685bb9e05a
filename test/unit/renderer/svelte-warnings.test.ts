import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from 'svelte/compiler';
import { describe, expect, it } from 'vitest';

const renderer = join(import.meta.dirname, '..', '..', '..', 'renderer');
const components = (readdirSync(renderer, { recursive: true }) as string[]).filter((f) => f.endsWith('.svelte')).sort();

// `npm start` builds the renderer on first run, and every compiler warning prints there: a newcomer's
// first screen of output must not be a warning they cannot act on.
describe('the renderer compiles without Svelte warnings', () => {
  it.each(components)('%s', (file) => {
    const source = readFileSync(join(renderer, file), 'utf8');
    const { warnings } = compile(source, { filename: file, generate: 'client' });
    expect(warnings.map((w) => `${w.code} at line ${w.start?.line ?? '?'}: ${w.message}`)).toEqual([]);
  });
});
