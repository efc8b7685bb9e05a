/**
 * A real bench: this computer queued fills of a plate (offline, say) while another bench put tubes in
 * two of the same wells. Where the service lists the plate's wells, only the fills into those two wait
 * for a look, each naming the tube there now; the others go, over nothing. On the old code all six
 * waited with the same words ("empty wells 96 → 94"), and Send anyway was all or nothing, the other
 * bench's tubes with them. Where the service lists no wells (the spec promises counts only), all wait,
 * as before. The real sandbox behind the fault proxy.
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

  it('only the fills into those wells wait, naming the tube there; the rest go over nothing', async () => {
    const [a1, a2, a3, a4, a5, a7] = await fillsMeetAnotherBench();
    for (const e of [a1, a2, a3, a5]) expect(e!.state).toBe('done');
    expect(serverWell(s.sandbox, 'PL-0003', 'A5')?.sampleId).toBe('S-0105');
    expect(a4).toMatchObject({ state: 'failed', lastError: { kind: 'plate-changed' } });
    expect(a4!.lastError?.message).toMatch(/A4 holds S-0200 now/);
    expect(a7!.lastError?.message).toMatch(/A7 holds S-0201 now/);
    // The other bench's tubes stand.
    expect(serverWell(s.sandbox, 'PL-0003', 'A4')?.sampleId).toBe('S-0200');
    expect(serverWell(s.sandbox, 'PL-0003', 'A7')?.sampleId).toBe('S-0201');
  });

  it('a later fill made on the same old reading into the other bench’s well still waits', async () => {
    await fillsMeetAnotherBench();
    const read = { lastUpdate: null, emptySpaces: 96 };
    const late = s.outbox.enqueue(fill('A7', 150, read));
    const free = s.outbox.enqueue(fill('A8', 151, read));
    await s.engine.syncNow();
    expect(s.outbox.get(late)!.state).toBe('failed');
    expect(s.outbox.get(free)!.state).toBe('done');
    expect(serverWell(s.sandbox, 'PL-0003', 'A7')?.sampleId).toBe('S-0201');
  });
});

describe('the same on a service that lists only counts (the spec)', () => {
  const { fillsMeetAnotherBench } = benchFor({ profile: 'spec' });

  it('every fill waits: the counts cannot say which wells changed', async () => {
    const entries = await fillsMeetAnotherBench();
    for (const e of entries) expect(e.state).toBe('failed');
  });
});
