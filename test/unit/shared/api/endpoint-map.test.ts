import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../../shared/api/endpoints.js';

const map = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
const rows = map.split('\n').filter((l) => l.startsWith('| `'));

describe('README endpoint table', () => {
  it('has a row for every endpoint of the contract, with a place in the app and a channel', () => {
    for (const [name, e] of Object.entries(ENDPOINTS)) {
      const base = e.base === 'files' ? '{files_url}' : e.base === 'events' ? '{events_url}' : '';
      const key = `\`${e.method} ${base}${e.path}`;
      const row = rows.find(
        (r) => r.startsWith(`| ${key}\``) || r.startsWith(`| ${key} `) || r.startsWith(`| ${key}?`),
      );
      expect(row, `${name} (${e.method} ${e.path}) is missing from the endpoint map`).toBeDefined();
      const [, , where, channel] = row!.split('|').map((c) => c.trim());
      expect(where, `${name}: where is it used?`).not.toBe('');
      expect(channel, `${name}: which channel?`).toMatch(/`[a-z]+\.[A-Za-z]+/);
    }
  });

  it('marks the deprecated endpoints as such', () => {
    for (const e of Object.values(ENDPOINTS).filter((d) => 'deprecated' in d && d.deprecated)) {
      expect(rows.find((r) => r.includes(`${e.method} ${e.path}\``))).toMatch(/([*_])\(deprecated\)\1/);
    }
  });
});
