import { describe, expect, it, vi } from 'vitest';
import { benchesPerTest, onPlate } from '../../../../helpers/benches-on-main.js';

/**
 * The large last-scan line says what became of its scan's change after the answer: held for a look,
 * cancelled or discarded, it turns amber and says so. On the old code it kept its green "S-0001 → A1"
 * while the change waited in the Outbox or was taken back there, and nothing on the screen the bench
 * looks at said the tube was not placed. A newer scan's line is not touched by an older change's news.
 * Well fill and Assign location on the real main in-process, its sandbox behind the fault proxy.
 */
const openBenches = benchesPerTest();
const PLATE = 'PLT000003';

describe('the last-scan line follows its scan’s change', () => {
  it('held for a look after the answer: amber, and says the change needs the user in the Outbox', async () => {
    const b = await onPlate(await openBenches('spec'), PLATE);
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    await b.scan('TB000001');
    expect(b.feedback.last).toMatchObject({ outcome: expect.stringMatching(/^S-0001 → A1/), kind: 'good' });
    await b.otherPuts(PLATE, 'H12', 'S-0099');
    b.proxy().setFaults([]);
    await b.sync();
    await vi.waitFor(() =>
      expect(b.feedback.last).toMatchObject({ kind: 'warn', note: expect.stringMatching(/needs you in the Outbox/) }),
    );
    // The outcome stays: what was scanned and where it was to go.
    expect(b.feedback.last?.outcome).toMatch(/^S-0001 → A1/);
    // Sent anyway from the Outbox: the line says it went after all.
    const held = (await b.entries()).find((e) => e.state === 'failed')!;
    expect((await b.env.call('outbox.retry', { id: held.id })).ok).toBe(true);
    await vi.waitFor(() => expect(b.feedback.last).toMatchObject({ kind: 'good', note: 'then sent' }));
  });

  it('cancelled in the Outbox: says it was not recorded; a newer scan’s line is left alone', async () => {
    const b = await onPlate(await openBenches('spec'), PLATE);
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    await b.scan('TB000002');
    const first = (await b.entries()).find((e) => e.intent?.type === 'well-set')!;
    expect((await b.env.call('outbox.cancel', { id: first.id })).ok).toBe(true);
    await vi.waitFor(() =>
      expect(b.feedback.last).toMatchObject({ kind: 'warn', note: 'then cancelled: not recorded' }),
    );
    await b.scan('TB000003');
    const second = (await b.entries()).find((e) => e.intent?.type === 'well-set' && e.id !== first.id)!;
    await b.scan('TB000004');
    expect((await b.env.call('outbox.cancel', { id: second.id })).ok).toBe(true);
    // Said of TB000003's change, while the line answers TB000004: once the page has the news (the well
    // let go of S-0003), the line is still green.
    await vi.waitFor(() => expect(b.s.wellOfSample('S-0003')).toBeNull());
    expect(b.feedback.last).toMatchObject({ kind: 'good', outcome: expect.stringMatching(/^S-0004/) });
    expect(b.feedback.last?.note).toBeUndefined();
  });

  it('on Assign location too', async () => {
    const b = await openBenches('spec');
    const a = b.assignScreen();
    await a.scan('BOX000001');
    await b.env.call('cache.sampleIndex', { labsheet: 'Samples' });
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    await a.scan('TB000011');
    expect(b.feedback.last).toMatchObject({ kind: 'good' });
    const move = (await b.entries()).find((e) => e.intent?.type === 'location-assign')!;
    expect((await b.env.call('outbox.cancel', { id: move.id })).ok).toBe(true);
    await vi.waitFor(() =>
      expect(b.feedback.last).toMatchObject({ kind: 'warn', note: 'then cancelled: not recorded' }),
    );
  });
});
