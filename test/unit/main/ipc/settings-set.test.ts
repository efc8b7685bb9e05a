import { afterEach, describe, expect, it } from 'vitest';
import type { KeyringFactory } from '../../../../main/vault/index.js';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';

/** settings.set on the real main in-process: what it answers, and when. */
let main: InProcess | null = null;
afterEach(async () => {
  await main?.close();
  main = null;
});

/** An OS keychain that, once `stall.on`, never answers (locked, its unlock prompt left open). */
function stallingKeyring() {
  const store = new Map<string, string>();
  const stall = { on: false };
  const never = new Promise<never>(() => undefined);
  const factory: KeyringFactory = (service, account) => {
    const k = `${service}/${account}`;
    return {
      getPassword: () => (stall.on ? never : Promise.resolve(store.get(k) ?? null)),
      setPassword: (p) => (stall.on ? never : Promise.resolve(void store.set(k, p))),
      deletePassword: () => (stall.on ? never : Promise.resolve(store.delete(k))),
    };
  };
  return { factory, stall };
}

const zebra = { name: 'Zebra', host: 'zebra-bench-3', port: 9100, dpi: 300 as const };

describe('settings.set', () => {
  it('answers while the keychain does not (the status follows when it is ready)', async () => {
    const kr = stallingKeyring();
    main = await inProcessApi({ keyring: kr.factory });
    kr.stall.on = true;
    const answer = await Promise.race([
      main.call('settings.set', { printers: { add: zebra } }),
      new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), 1000)),
    ]);
    expect(answer).not.toBe('no answer');
    expect(answer !== 'no answer' && answer.printers.map((p) => p.id)).toEqual(['zebra']);
  });

  it('two printers added at once from the same list are both kept, each with its own id', async () => {
    main = await inProcessApi();
    // Two windows, each showing no printers, each add one named the same.
    await Promise.all([
      main.call('settings.set', { printers: { add: zebra } }),
      main.call('settings.set', { printers: { add: { ...zebra, host: '10.0.0.7' } } }),
    ]);
    const saved = (await main.call('settings.get', {})).printers;
    expect(saved.map((p) => [p.id, p.host])).toEqual([
      ['zebra', 'zebra-bench-3'],
      ['zebra-2', '10.0.0.7'],
    ]);
  });

  it('removing a printer leaves one another window added meanwhile', async () => {
    main = await inProcessApi();
    await main.call('settings.set', { printers: { add: zebra } });
    await Promise.all([
      main.call('settings.set', { printers: { add: { ...zebra, name: 'Bench 4' } } }),
      main.call('settings.set', { printers: { remove: 'zebra' } }),
    ]);
    expect((await main.call('settings.get', {})).printers.map((p) => p.id)).toEqual(['bench-4']);
  });

  it('refuses a whole printer list: only one printer is added or removed at a time', async () => {
    main = await inProcessApi();
    const r = await main.api.invoke('settings.set', { printers: [{ ...zebra, id: 'z' }] } as never);
    expect(r.ok).toBe(false);
  });
});
