import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../helpers/benches-on-main.js';

/**
 * A labsheet larger than the service can list (page × pageSize must stay below 50000) on Well fill, on the
 * real main and sandbox: the proxy says the listing holds 60,000 rows. The rows it can list are the
 * labsheet's, so a tube among them is recorded by its sample ID, never by the scanned barcode.
 */
const openBenches = benchesPerTest();

describe('read cache: a labsheet too large to list whole', () => {
  it('a tube among the rows listed is found: Well fill records its sample ID, not the barcode scanned', async () => {
    const b = await openBenches('spec');
    b.proxy().setFaults([
      {
        path: /fetch-list-rows/,
        fault: { kind: 'rewrite', edit: (a) => ({ ...(a as Record<string, unknown>), total: 60_000 }) },
      },
    ]);
    await b.scan('PLT000003');
    await b.scan('TB000012');
    const samples = (await b.entries()).flatMap((e) => (e.intent?.type === 'well-set' ? [e.intent.sample?.id] : []));
    expect(samples).toEqual(['S-0012']);
  });
});
