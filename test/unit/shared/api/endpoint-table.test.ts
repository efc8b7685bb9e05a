import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../../shared/api/endpoints.js';
import { sharedDoc } from '../../../helpers/shared-docs.js';

const specPath = sharedDoc('lab-data-service-spec.md');

/** Every `**METHOD /path**` heading of the spec, with the base address it names. */
function endpointsInSpec(): Array<{ method: string; path: string; base: string }> {
  const text = readFileSync(specPath, 'utf8');
  const found: Array<{ method: string; path: string; base: string }> = [];
  for (const m of text.matchAll(/\*\*(GET|POST|DELETE|PUT|PATCH) (\{(\w+)_url\})?(\/[\w/-]+)\*\*/g)) {
    found.push({ method: m[1]!, path: m[4]!, base: m[3] ?? 'base' });
  }
  return found;
}

describe('endpoint table', () => {
  const spec = endpointsInSpec();

  it('finds the spec’s endpoints (guards the parser itself)', () => {
    expect(spec.length).toBeGreaterThanOrEqual(23);
  });

  it('has exactly the endpoints of the spec, with their method and base address', () => {
    const ours = Object.values(ENDPOINTS)
      .map((e) => `${e.method} ${e.base} ${e.path}`)
      .sort();
    const theirs = spec.map((e) => `${e.method} ${e.base} ${e.path}`).sort();
    expect(ours).toEqual(theirs);
  });

  it('marks the spec’s deprecated operations deprecated', () => {
    const deprecated = Object.values(ENDPOINTS)
      .filter((e) => 'deprecated' in e && e.deprecated)
      .map((e) => e.path)
      .sort();
    expect(deprecated).toEqual(['/labsheets/add-sequence-to-row', '/sequence/fetch']);
  });

  it('never marks a creating or sending call idempotent', () => {
    for (const name of [
      'createLabsheet',
      'createLocations',
      'storeAndEmbedFiles',
      'sendWebhook',
      'linkSamplesToTest',
    ] as const) {
      expect(ENDPOINTS[name].idempotent, name).toBe(false);
    }
  });
});
