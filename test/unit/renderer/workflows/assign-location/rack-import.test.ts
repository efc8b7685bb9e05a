import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { AssignState } from '../../../../../renderer/workflows/assign-location/assign-state.svelte.js';
import { parseRackCsv } from '../../../../../renderer/workflows/assign-location/rack-csv.js';
import { LOCAL_SANDBOX } from '../../../../helpers/in-process-api.js';
import { pageOnMainForSuite } from '../../../../helpers/page-on-main.js';

const page = pageOnMainForSuite();
/** The channels the page called: a rack must be one commit, not one per tube. */
const calls: { channel: string; intents?: number }[] = [];
let s: AssignState;

beforeAll(() => {
  const env = page.env;
  const counted: BenchlinkApi = {
    invoke: ((channel, payload) => {
      const intents = (payload as { intents?: unknown[] } | undefined)?.intents?.length;
      calls.push(intents === undefined ? { channel } : { channel, intents });
      return env.api.invoke(channel, payload);
    }) as BenchlinkApi['invoke'],
    subscribe: env.api.subscribe,
  };
  s = new AssignState(counted, page.feedback, page.outbox, LOCAL_SANDBOX);
  s.start();
});
afterAll(() => s.stop());

const RACK = [
  'Position,Barcode',
  'A1,TB000050',
  'A2,%%!!##', // a misread no barcode of ours looks like
  'A3,0109506000134352', // a product code (GTIN), not a tube
  'A4,PLT000002', // a plate's barcode
  'A5,NOREAD',
  'A6,TB000051',
].join('\n');

describe('a rack scanner file on Assign location', () => {
  it('checks every read as a scan is checked and saves the good ones in one commit', async () => {
    expect(await s.openManifest('PLT000003')).toBe(true);
    const queued = async () => {
      const c = await page.env.call('outbox.counts', {});
      return c.pending + c.sending + c.done;
    };
    const before = await queued();
    calls.length = 0;
    const parsed = parseRackCsv(RACK, s.layout!);
    const { saved, refused } = await s.importRack(parsed.good);
    expect(saved).toBe(2);
    expect(calls).toEqual([{ channel: 'outbox.enqueueMany', intents: 2 }]);
    expect(refused.map((r) => r.position)).toEqual(['A2', 'A3', 'A4']);
    expect(refused.find((r) => r.position === 'A3')?.reason).toContain('not a tube ID');
    expect(refused.find((r) => r.position === 'A4')?.reason).toBe('a plate barcode, not a tube');
    expect(s.assignments.map((a) => `${a.position}:${a.id}`)).toEqual(['A1:TB000050', 'A6:TB000051']);
    expect(await queued()).toBe(before + 2);
    // A2 is free (its read was refused): the screen sends the next scans to the rescans first.
    expect(s.next).toBe('A2');
  });

  it('the same file again saves nothing twice and calls main for nothing', async () => {
    calls.length = 0;
    const { saved } = await s.importRack(parseRackCsv(RACK, s.layout!).good);
    expect(saved).toBe(0);
    expect(calls).toEqual([]);
    expect(s.assignments).toHaveLength(2);
  });
});
