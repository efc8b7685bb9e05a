import { describe, expect, it } from 'vitest';
import { SequenceBrowser } from '../../../../../renderer/workflows/data/sequences.svelte.js';
import { pageOnMainForSuite } from '../../../../helpers/page-on-main.js';
import { fixtureFileForSuite } from '../../../../helpers/tube-lab.js';

/**
 * Two sequences with the same name, on the real main with its embedded sandbox. On the old code a list
 * item was opened by its name: the second showed the first, and Attach sent the first's uuid.
 */
const lab = fixtureFileForSuite({
  users: [{ email: 'ada@lab.example', token: 'same-name-token', superAdmin: true }],
  sequences: [
    { name: 'pUC19-fragment', type: 'DNA', sequence: 'TCGCGCGTTT', circular: false },
    { name: 'pUC19-fragment', type: 'DNA', sequence: 'GGATCCAAAA', circular: true },
  ],
});
const page = pageOnMainForSuite(() => ({ sandboxFixture: lab() }), 60_000);

describe('Data › Sequences: two sequences with one name', () => {
  it('each list item opens its own sequence, by its uuid', async () => {
    const q = new SequenceBrowser(page.env.api);
    await q.load(0);
    expect(q.items.map((i) => i.name)).toEqual(['pUC19-fragment', 'pUC19-fragment']);
    for (const item of q.items) {
      await q.view(item.name, item.uuid);
      expect(q.currentError).toBeNull();
      expect(q.current?.uuid).toBe(item.uuid);
    }
    expect(new Set(q.items.map((i) => i.uuid)).size).toBe(2);
  });
});
