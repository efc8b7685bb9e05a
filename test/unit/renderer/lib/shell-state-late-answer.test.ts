import { afterEach, describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../shared/ipc/api.js';
import { ShellState } from '../../../../renderer/lib/shell-state.svelte.js';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';

/**
 * Two windows on one main. Window 1's answer to its save is slow to arrive (a busy link, a main that
 * was held up); window 2 saves meanwhile. Window 1 must end showing window 2's change too.
 */
let main: InProcess | null = null;
afterEach(async () => {
  await main?.close();
  main = null;
});

/** `api`, with its settings.set answers held until `release()`; the events pass at once. */
function slowAnswers(api: BenchlinkApi): { api: BenchlinkApi; release: () => void } {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  return {
    api: {
      ...api,
      invoke: (async (channel: string, payload: unknown) => {
        const r = await (api.invoke as (c: string, p: unknown) => Promise<unknown>)(channel, payload);
        if (channel === 'settings.set') await gate;
        return r;
      }) as BenchlinkApi['invoke'],
    },
    release: () => open(),
  };
}

const printer = (name: string) => ({ name, host: 'zebra-bench-3', port: 9100, dpi: 300 as const });

describe('a settings.set answer that arrives after a newer change', () => {
  it('does not put back the older settings: the window shows both printers', async () => {
    main = await inProcessApi();
    const slow = slowAnswers(main.api);
    const one = new ShellState(slow.api);
    const two = new ShellState(main.api);
    await Promise.all([one.start(), two.start()]);

    const saving = one.saveSettings({ printers: { add: printer('Bench 3') } });
    await new Promise((r) => setTimeout(r, 20));
    await two.saveSettings({ printers: { add: printer('Bench 4') } });
    slow.release();
    expect((await saving).ok).toBe(true);

    expect(one.settings?.printers.map((p) => p.id)).toEqual(['bench-3', 'bench-4']);
    expect(two.settings?.printers.map((p) => p.id)).toEqual(['bench-3', 'bench-4']);
    one.stop();
    two.stop();
  });

  it('an answer with no change seen meanwhile is taken', async () => {
    main = await inProcessApi();
    const one = new ShellState(main.api);
    await one.start();
    await one.saveSettings({ ui: { sounds: false } });
    expect(one.settings?.ui.sounds).toBe(false);
    one.stop();
  });
});
