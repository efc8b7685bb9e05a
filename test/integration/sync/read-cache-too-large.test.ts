import { describe, expect, it } from 'vitest';
import { benchesPerTest, type Benches } from '../../helpers/benches-on-main.js';
import { answerGuard } from '../../../renderer/lib/question/question.js';

/**
 * A labsheet larger than the service can list (page × pageSize must stay below 50000) on Well fill, on the
 * real main and sandbox: the proxy says the listing holds 60,000 rows. The rows it can list are the
 * labsheet's, so a tube among them is recorded by its sample ID, never by the scanned barcode.
 */
const openBenches = benchesPerTest();

/** The proxy says the labsheet's listing holds 60,000 rows: the service can list only part of it. */
function tooLargeToList(b: Benches) {
  b.proxy().setFaults([
    {
      path: /fetch-list-rows/,
      fault: { kind: 'rewrite', edit: (a) => ({ ...(a as Record<string, unknown>), total: 60_000 }) },
    },
  ]);
}

const wellSamples = async (b: Benches) =>
  (await b.entries()).flatMap((e) => (e.intent?.type === 'well-set' ? [e.intent.sample?.id] : []));

const askedPartly = (tube: string) =>
  new RegExp(
    `^${tube} is not in the labsheet as read \\d+ s ago, which was only part of it: its row may be past the rows read\\. Use it anyway\\?$`,
  );

describe('read cache: a labsheet too large to list whole', () => {
  it('a tube among the rows listed is found: Well fill records its sample ID, not the barcode scanned', async () => {
    const b = await openBenches('spec');
    tooLargeToList(b);
    await b.scan('PLT000003');
    await b.scan('TB000012');
    expect(await wellSamples(b)).toEqual(['S-0012']);
  });

  it('a tube not among the rows listed is asked about, saying the rows were only part of the labsheet; nothing is queued unasked', async () => {
    const b = await openBenches('spec');
    tooLargeToList(b);
    await b.scan('PLT000003');
    await b.scan('TB999999');
    // On the old code the part read was taken as a saved copy: the tube was recorded by its barcode, unasked.
    expect(b.s.guard?.kind).toBe('unknown-sample');
    expect(b.s.guard?.message).toMatch(askedPartly('TB999999'));
    expect(await wellSamples(b)).toEqual([]);
    await answerGuard(b.s, (edit) => edit());
    expect(await wellSamples(b)).toEqual(['TB999999']);
  });

  it('Assign location asks alike about a tube not among the rows listed', async () => {
    const b = await openBenches('spec');
    tooLargeToList(b);
    const a = b.assignScreen();
    await a.scan('BOX000001');
    await a.scan('TB999999');
    expect(a.s.guard?.kind).toBe('unknown-sample');
    expect(a.s.guard?.message).toMatch(askedPartly('TB999999'));
    expect(a.s.assignments).toEqual([]);
  });
});
