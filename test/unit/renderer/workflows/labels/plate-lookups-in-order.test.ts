import { describe, expect, it } from 'vitest';
import { LabelSources } from '../../../../../renderer/workflows/labels/label-sources.svelte.js';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * Two plates looked up one after the other (two scans in quick succession), main answering the first
 * last: a slow read of the first (the service slow to answer it) must not put it on screen and in the
 * print job over the second. The real main in-process and its embedded sandbox; the page's api holds
 * main's answer to the first look-up until the test lets it through, so the order is the test's.
 */
const openBenches = benchesPerTest();
const PRINT_DAY = '2026-11-27';

/** `api` with main's answer to the first cache.manifest call held until `release()`. */
function firstManifestHeld(api: BenchlinkApi) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  const page: BenchlinkApi = {
    subscribe: api.subscribe.bind(api),
    invoke: (async (channel, payload) => {
      const answer = await api.invoke(channel, payload);
      if (channel === 'cache.manifest' && ++calls === 1) await released;
      return answer;
    }) as BenchlinkApi['invoke'],
  };
  return { api: page, release };
}

describe('Labels › two plate look-ups answered out of order', () => {
  it('the newer plate stays on screen and in the job; the older answer says it was replaced', async () => {
    const b = await openBenches('extended');
    const held = firstManifestHeld(b.env.api);
    const s = new LabelSources(held.api, () => PRINT_DAY);

    const first = s.loadPlate({ barcode: 'PLT000001' });
    const second = await s.loadPlate({ barcode: 'BOX000001' });
    expect(second).toMatchObject({ ok: true });
    expect(s.plate?.barcode).toBe('BOX000001');

    held.release();
    expect(await first).toEqual({
      ok: false,
      replaced: true,
      message: 'PLT000001: a newer look-up replaced this one.',
    });
    expect(s.plate?.barcode).toBe('BOX000001');
    expect(s.records).toEqual([
      { id: 'BOX000001', name: 'Freezer Box 1', hrid: 'BX-0001', barcode: 'BOX000001', date: PRINT_DAY },
    ]);
  });
});
