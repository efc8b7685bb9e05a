import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { LabspaceBrowser } from '../../../../../renderer/workflows/data/folders.svelte.js';
import { SequenceBrowser } from '../../../../../renderer/workflows/data/sequences.svelte.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';

/** Look-ups on the Data screen, A then B, A's answer coming last: the real main in-process (demo data). */
let env: InProcess;
beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(() => env.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Main, whose first answer on `channel` comes 500 ms late (a slow service), later ones at once. */
function firstSlow(channel: string): BenchlinkApi {
  let first = true;
  return {
    ...env.api,
    invoke: (async (ch: string, payload: unknown) => {
      if (ch === channel && first) {
        first = false;
        await sleep(500);
      }
      return env.api.invoke(ch as 'lab.fetchFolder', payload as never);
    }) as BenchlinkApi['invoke'],
  };
}

describe('Data screen: a slow answer to an earlier look-up does not replace a later one', () => {
  it('the folder looked up last is the one Remove permissions acts on', async () => {
    const s = new LabspaceBrowser(firstSlow('lab.fetchFolder'));
    const first = s.findFolder({ name: 'Restricted' });
    await sleep(50);
    await s.findFolder({ name: 'Plates' });
    await first;
    expect(s.folder?.name).toBe('Plates');
    expect(s.target).toMatchObject({ uuid: s.folder?.uuid });
  });

  it('the sequence and the labspace clicked last are the ones shown', async () => {
    const q = new SequenceBrowser(firstSlow('data.findSequenceByName'));
    const a = q.view('pGEX-4T-1');
    await sleep(50);
    await q.view('GFP-primer-F');
    await a;
    expect(q.current?.name).toBe('GFP-primer-F');

    const s = new LabspaceBrowser(firstSlow('lab.fetchLabspace'));
    await s.loadList();
    const [one, two] = s.labspaces;
    const b = s.view(one!.uuid);
    await sleep(50);
    await s.view(two!.uuid);
    await b;
    expect(s.current?.name).toBe(two!.name);
  });
});
