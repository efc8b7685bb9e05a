import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../../main/app.js';
import { startSandbox } from '../../../../main/sandbox/server.js';
import { createVault } from '../../../../main/vault/index.js';
import type { KeyringEntry, KeyringFactory, SafeStorageLike } from '../../../../main/vault/types.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const TOKEN = 'tok_Benchlink_9f8e7d6c5b4a3210';
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'benchlink-vault-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Every byte of every file under dir, so a test can prove a secret is in none of them (in any common encoding). */
function assertNotOnDisk(dir: string, secret: string): number {
  const needles = [
    secret,
    Buffer.from(secret).toString('base64'),
    Buffer.from(secret).toString('hex'),
    Buffer.from(secret, 'utf8').toString('utf16le'),
  ];
  let files = 0;
  const walk = (p: string) => {
    for (const e of readdirSync(p)) {
      const f = join(p, e);
      if (statSync(f).isDirectory()) walk(f);
      else {
        files++;
        const bytes = readFileSync(f);
        for (const n of needles) expect(bytes.includes(Buffer.from(n)), `${f} contains the token`).toBe(false);
        expect(bytes.includes(Buffer.from(secret, 'utf16le')), `${f} contains the token (UTF-16)`).toBe(false);
      }
    }
  };
  walk(dir);
  return files;
}

/** Stands in for Electron's safeStorage: real AES, key held in memory like the OS keychain would. */
function fakeSafeStorage(): SafeStorageLike {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: () => true,
    encryptString(plain) {
      const iv = randomBytes(16);
      const c = createCipheriv('aes-256-cbc', key, iv);
      return Buffer.concat([iv, c.update(plain, 'utf8'), c.final()]);
    },
    decryptString(cipher) {
      const d = createDecipheriv('aes-256-cbc', key, cipher.subarray(0, 16));
      return Buffer.concat([d.update(cipher.subarray(16)), d.final()]).toString('utf8');
    },
  };
}

function fakeKeyring(works: boolean): { factory: KeyringFactory; store: Map<string, string> } {
  const store = new Map<string, string>();
  const factory: KeyringFactory = (service, account): KeyringEntry => {
    const k = `${service}/${account}`;
    const fail = async () => {
      throw new Error("Couldn't access platform storage: AccessDenied");
    };
    if (!works) return { getPassword: async () => null, setPassword: fail, deletePassword: fail };
    return {
      getPassword: async () => store.get(k) ?? null,
      setPassword: async (p) => void store.set(k, p),
      deletePassword: async () => store.delete(k),
    };
  };
  return { factory, store };
}

describe('token vault', () => {
  it('safeStorage: only ciphertext reaches the data directory', async () => {
    const dir = tempDir();
    const vault = await createVault({ dataDir: dir, log: quiet, safeStorage: fakeSafeStorage() });
    expect(vault.store).toBe('safe-storage');
    await vault.set('https://lab.example/', TOKEN);
    expect(await vault.get('https://lab.example/')).toBe(TOKEN);
    expect(assertNotOnDisk(dir, TOKEN)).toBeGreaterThan(0);
    await vault.clear('https://lab.example/');
    expect(await vault.get('https://lab.example/')).toBeNull();
  });

  it('keychain: the token goes to the OS store and nothing to disk', async () => {
    const dir = tempDir();
    const kr = fakeKeyring(true);
    const vault = await createVault({ dataDir: dir, log: quiet, keyring: kr.factory });
    expect(vault.store).toBe('keychain');
    await vault.set('a', TOKEN);
    expect([...kr.store.values()]).toEqual([TOKEN]);
    assertNotOnDisk(dir, TOKEN);
  });

  it('no usable keychain (D-Bus AccessDenied): memory only, status says so, nothing on disk', async () => {
    const dir = tempDir();
    const vault = await createVault({ dataDir: dir, log: quiet, keyring: fakeKeyring(false).factory });
    expect(vault.store).toBe('memory-only');
    await vault.set('a', TOKEN);
    expect(await vault.get('a')).toBe(TOKEN);
    assertNotOnDisk(dir, TOKEN);
    const again = await createVault({ dataDir: dir, log: quiet });
    expect(await again.get('a')).toBeNull();
  });

  it('a keychain that fails later falls back to memory instead of losing the token', async () => {
    const kr = fakeKeyring(true);
    let broken = false;
    const flaky: KeyringFactory = (s, a) => {
      const e = kr.factory(s, a);
      return { ...e, setPassword: async (p) => (broken ? Promise.reject(new Error('locked')) : e.setPassword(p)) };
    };
    const vault = await createVault({ dataDir: tempDir(), log: quiet, keyring: flaky });
    broken = true;
    await vault.set('a', TOKEN);
    expect(vault.store).toBe('memory-only');
    expect(await vault.get('a')).toBe(TOKEN);
  });

  it('the whole app, through IPC with the real sandbox: the token is in no file of the data dir (settings, sandbox SQLite)', async () => {
    const dir = tempDir();
    const app = await createApp({
      dataDir: dir,
      info: { version: '0', shell: 'browser-host', platform: 'linux', nativeDialogs: false },
      log: quiet,
      keyring: fakeKeyring(false).factory,
      startSandbox,
    });
    try {
      const call = (channel: string, payload: unknown) =>
        app.router.handle({ channel, payload }, { transport: 'test' });
      expect(
        await call('token.set', { token: TOKEN, connection: { kind: 'local-sandbox', mode: 'v2' } }),
      ).toMatchObject({
        ok: true,
        value: { set: true, stored: 'memory-only', source: 'user' },
      });
      expect(await call('token.test', {})).toMatchObject({ ok: true, value: { ok: false, kind: 'auth' } });
      expect(await call('settings.set', { ui: { highContrast: true } })).toMatchObject({ ok: true });
      const status = await call('token.status', {});
      expect(JSON.stringify(status)).not.toContain(TOKEN);
      expect(await call('token.clear', { connection: { kind: 'local-sandbox', mode: 'v2' } })).toMatchObject({
        ok: true,
        value: { source: 'sandbox-demo' },
      });
      expect(await call('token.test', {})).toMatchObject({ ok: true, value: { ok: true } });
    } finally {
      await app.close();
    }
    expect(assertNotOnDisk(dir, TOKEN)).toBeGreaterThan(1);
  });
});
