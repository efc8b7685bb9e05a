/**
 * A real bench: this computer queued fills of a plate (offline, say) while another bench put tubes in
 * two of the same wells. Every fill waits for a look (the plate changed since they were made), and where
 * the service lists the plate's wells each says what its well holds now: the two that would replace the
 * other bench's tubes name them, the others say they replace nothing. On the old code all six waited with
 * the same words ("empty wells 96 → 94"), the clashing two not told apart. Where the service lists no
 * wells (the spec promises counts only), the words are as before. The real sandbox behind the fault proxy.
 */
import { describe, expect, it } from 'vitest';
import type { AnswerOptions } from '../../../main/sandbox/answers/profiles.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import { serverWell, startedPerTest, startStack } from './stack.js';

const fill = (
  position: string,
  n: number,
  basis: { lastUpdate: string | null; emptySpaces: number | null },
): Intent => ({
  type: 'well-set',
  manifest: { hrid: 'PL-0003' },
  position,
  sample: { id: `S-${String(n).padStart(4, '0')}`, labsheet: 'Samples' },
  label: 'SAMPLE',
  tags: [],
  basis,
});

function benchFor(answers: AnswerOptions) {
  const { stack: s } = startedPerTest('another-bench-', (dir) => startStack(dir, {}, answers));
  /** This computer's six fills on the plate as read now, then another bench's two into A4 and A7. */
  async function fillsMeetAnotherBench() {
    const read = await s.client.fetchManifestMetadata({ hrid: 'PL-0003' });
    const basis = { lastUpdate: read.lastUpdate ?? null, emptySpaces: read.emptySpaces ?? null };
    const ids = s.outbox.enqueueMany(['A1', 'A2', 'A3', 'A4', 'A5', 'A7'].map((p, i) => fill(p, 101 + i, basis)));
    await s.client.updateManifest({
      hrid: 'PL-0003',
      plate: {
        wells: [
          { position: 'A4', sample: { id: 'S-0200', labsheet: 'Samples' }, label: 'SAMPLE', tags: [] },
          { position: 'A7', sample: { id: 'S-0201', labsheet: 'Samples' }, label: 'SAMPLE', tags: [] },
        ],
      },
    });
    await s.engine.syncNow();
    return ids.map((id) => s.outbox.get(id)!);
  }
  return { s, fillsMeetAnotherBench };
}

describe('a plate another bench filled two wells of, on a service that lists wells', () => {
  const { s, fillsMeetAnotherBench } = benchFor({ profile: 'extended' });

  it('every fill waits, each saying whether it would replace the other bench’s tube, and whose', async () => {
    const entries = await fillsMeetAnotherBench();
    for (const e of entries) expect(e).toMatchObject({ state: 'failed', lastError: { kind: 'plate-changed' } });
    const said = (k: number) => entries[k]!.lastError?.message ?? '';
    expect(said(3)).toMatch(/A4 holds S-0200 on the service now: sent anyway, this replaces it\./);
    expect(said(5)).toMatch(/A7 holds S-0201 on the service now: sent anyway, this replaces it\./);
    for (const [k, well] of [
      [0, 'A1'],
      [1, 'A2'],
      [4, 'A5'],
    ] as const)
      expect(said(k)).toMatch(new RegExp(`${well} is empty on the service now: sending this replaces no tube`));
    // Nothing of the other bench's was written over.
    expect(serverWell(s.sandbox, 'PL-0003', 'A4')?.sampleId).toBe('S-0200');
    expect(serverWell(s.sandbox, 'PL-0003', 'A7')?.sampleId).toBe('S-0201');
  });
});

describe('the same on a service that lists only counts (the spec)', () => {
  const { fillsMeetAnotherBench } = benchFor({ profile: 'spec' });

  it('every fill waits, with the counts only: they cannot say which wells changed', async () => {
    const entries = await fillsMeetAnotherBench();
    for (const e of entries) {
      expect(e.state).toBe('failed');
      expect(e.lastError?.message).not.toMatch(/on the service now/);
    }
  });
});
