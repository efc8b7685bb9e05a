import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { customServiceOnMain } from '../api/stub-on-main.js';
import { createConnectionMonitor, TOKEN_UNDO_MS, tokenAccount } from '../../../../main/connection/monitor.js';
import { createMemoryVault } from '../../../../main/vault/memory-vault.js';
import { openSettingsStore } from '../../../../main/settings/store.js';
import type { ConnectionSetting } from '../../../../shared/ipc/settings.js';

/**
 * "Clear token" is one click, and the service shows a token once: one cleared by a slip had to be made
 * again in the service's account settings. Undo (token.restore) puts it back from main's memory; the
 * page never holds it.
 */
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const p of open.splice(0).reverse()) await p.close();
});

describe('Clear token, then Undo', () => {
  it('puts the same token back: the next read carries it again, and the page is answered a status only', async () => {
    const { p, stub, connection } = await customServiceOnMain(open);
    await p.call('token.set', { token: 'tok_lab_bench3_123456', connection });
    expect(await p.call('token.clear', { connection })).toMatchObject({ set: false, source: 'none' });
    // Nothing is sent with no token stored.
    expect((await p.api.invoke('lab.fetchLabsheetList', {})).ok).toBe(false);
    expect(stub.seen).toHaveLength(0);

    const back = await p.api.invoke('token.restore', { connection });
    expect(back).toMatchObject({ ok: true, value: { set: true, source: 'user' } });
    expect(JSON.stringify(back)).not.toContain('tok_lab_bench3');
    stub.script({ status: 200, body: { items: [], total: 0, success: true } });
    expect((await p.api.invoke('lab.fetchLabsheetList', {})).ok).toBe(true);
    expect(stub.seen[0]?.headers.authorization).toBe('Bearer tok_lab_bench3_123456');

    // Once: a second Undo has nothing to put back, and says so.
    const again = await p.api.invoke('token.restore', { connection });
    expect(again).toMatchObject({ ok: false, error: { code: 'failed' } });
    if (!again.ok) expect(again.error.message).toMatch(/^The token was not put back: no token was cleared for /);
  });

  it('a token saved since is not written over', async () => {
    const { p, stub, connection } = await customServiceOnMain(open);
    await p.call('token.set', { token: 'tok_old_123456', connection });
    await p.call('token.clear', { connection });
    await p.call('token.set', { token: 'tok_new_123456', connection });
    const r = await p.api.invoke('token.restore', { connection });
    expect(r.ok).toBe(false);
    stub.script({ status: 200, body: { items: [], total: 0, success: true } });
    await p.api.invoke('lab.fetchLabsheetList', {});
    expect(stub.seen[0]?.headers.authorization).toBe('Bearer tok_new_123456');
  });
});

describe('the Undo window', () => {
  it(`is ${TOKEN_UNDO_MS / 60_000} minutes, for the service it was cleared for only`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchlink-token-undo-'));
    open.push({ close: async () => rmSync(dir, { recursive: true, force: true }) });
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const settings = await openSettingsStore({ dataDir: dir, log: quiet });
    const at = (url: string) =>
      ({ kind: 'custom', baseUrl: url, filesUrl: url, eventsUrl: url, mode: 'v2' }) satisfies ConnectionSetting;
    const a = at('https://lims-a.example.org');
    const b = at('https://lims-b.example.org');
    await settings.update({ connection: a });
    let now = 1_000_000;
    let locked = false;
    const memory = createMemoryVault();
    const vault = {
      ...memory,
      set: async (account: string, token: string) => {
        if (locked) throw new Error('the keychain is locked');
        return memory.set(account, token);
      },
    };
    const monitor = createConnectionMonitor({
      settings,
      vault,
      sandbox: {
        current: { state: 'stopped' },
        ensure: () => Promise.reject(new Error('no sandbox')),
        stop: async () => {},
      },
      createLabClient: undefined,
      onChange: () => undefined,
      now: () => now,
    });

    await monitor.setToken('tok_a_123456', a);
    await monitor.clearToken(a);
    await expect(monitor.restoreToken(b)).rejects.toThrow(
      /no token was cleared for https:\/\/lims-b\.example\.org \(API v2\) in the last 5 minutes\.$/,
    );
    now += TOKEN_UNDO_MS;
    expect(await monitor.restoreToken(a)).toMatchObject({ set: true, source: 'user' });

    await monitor.clearToken(a);
    now += TOKEN_UNDO_MS + 1;
    await expect(monitor.restoreToken(a)).rejects.toThrow(/in the last 5 minutes/);
    expect(await monitor.tokenStatus()).toMatchObject({ set: false });

    // A keychain that refuses the put back (locked): the token is still held, for a try once it is unlocked.
    await monitor.setToken('tok_a_654321', a);
    await monitor.clearToken(a);
    locked = true;
    await expect(monitor.restoreToken(a)).rejects.toThrow(/locked/);
    locked = false;
    expect(await monitor.tokenStatus()).toMatchObject({ set: false });
    expect(await monitor.restoreToken(a)).toMatchObject({ set: true, source: 'user' });
    expect(await vault.get(tokenAccount(a))).toBe('tok_a_654321');
  });
});
