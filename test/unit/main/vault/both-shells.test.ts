/**
 * The desktop app (safeStorage and the keychain) and the browser host (the keychain only) on one data
 * folder: a token saved, read or removed in one is the same in the other. The OS edges (Electron's
 * safeStorage, the keychain) are stand-ins; the vault is the real one.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeSafeStorage } from './fake-safe-storage.js';
import { createVault } from '../../../../main/vault/index.js';
import { createSafeStorageVault } from '../../../../main/vault/safe-storage-vault.js';
import type { KeyringFactory } from '../../../../main/vault/types.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const ACCOUNT = 'https://lims.example.org/';
const TOKEN = 'tok_both_shells_0123456789';
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'benchlink-both-shells-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** One OS keychain, shared by both shells as the real one is. */
function fakeKeychain() {
  const store = new Map<string, string>();
  const factory: KeyringFactory = (service, account) => {
    const k = `${service}/${account}`;
    return {
      getPassword: async () => store.get(k) ?? null,
      setPassword: async (p) => void store.set(k, p),
      deletePassword: async () => store.delete(k),
    };
  };
  return { factory, store };
}

const tokenFiles = (dir: string) => (existsSync(join(dir, 'tokens')) ? readdirSync(join(dir, 'tokens')) : []);

describe('one data folder, two shells: the token is the same in both', () => {
  it('a token saved in the desktop app is the one the browser host sends, and removed in the host it is gone in the app', async () => {
    const dir = tempDir();
    const keychain = fakeKeychain();
    const safe = fakeSafeStorage();
    const desktop = await createVault({ dataDir: dir, log: quiet, safeStorage: safe, keyring: keychain.factory });
    const host = await createVault({ dataDir: dir, log: quiet, keyring: keychain.factory });
    await desktop.set(ACCOUNT, TOKEN);
    // On the old code the desktop app kept it in its own file, which the host cannot read: null.
    expect(await host.get(ACCOUNT)).toBe(TOKEN);
    await host.clear(ACCOUNT);
    // On the old code the desktop app still read (and sent) the token the user had just removed.
    expect(await desktop.get(ACCOUNT)).toBeNull();
    expect(await desktop.has(ACCOUNT)).toBe(false);
  });

  it('a token an older desktop app saved in its encrypted file is moved to the keychain on its first read, never dropped', async () => {
    const dir = tempDir();
    const keychain = fakeKeychain();
    const safe = fakeSafeStorage();
    await createSafeStorageVault(safe, dir).set(ACCOUNT, TOKEN);
    const host = await createVault({ dataDir: dir, log: quiet, keyring: keychain.factory });
    expect(await host.get(ACCOUNT)).toBeNull(); // the host cannot decrypt it, and does not remove it for that
    expect(tokenFiles(dir)).toHaveLength(1);
    const desktop = await createVault({ dataDir: dir, log: quiet, safeStorage: safe, keyring: keychain.factory });
    expect(await desktop.get(ACCOUNT)).toBe(TOKEN);
    expect([...keychain.store.values()]).toEqual([TOKEN]);
    expect(tokenFiles(dir)).toEqual([]);
    expect(await host.get(ACCOUNT)).toBe(TOKEN);
  });

  it('a removal in the browser host also removes the encrypted file it cannot read', async () => {
    const dir = tempDir();
    const keychain = fakeKeychain();
    const safe = fakeSafeStorage();
    await createSafeStorageVault(safe, dir).set(ACCOUNT, TOKEN);
    const host = await createVault({ dataDir: dir, log: quiet, keyring: keychain.factory });
    await host.clear(ACCOUNT);
    expect(tokenFiles(dir)).toEqual([]);
    const desktop = await createVault({ dataDir: dir, log: quiet, safeStorage: safe, keyring: keychain.factory });
    expect(await desktop.get(ACCOUNT)).toBeNull();
  });

  it('both hold one: the keychain copy is used and the file is kept until the next save replaces it', async () => {
    const dir = tempDir();
    const keychain = fakeKeychain();
    const safe = fakeSafeStorage();
    await createSafeStorageVault(safe, dir).set(ACCOUNT, 'tok_from_the_file');
    const host = await createVault({ dataDir: dir, log: quiet, keyring: keychain.factory });
    await host.set(ACCOUNT, TOKEN);
    // The host's save removed the older copy it could not read: nothing stale for the desktop app to find.
    expect(tokenFiles(dir)).toEqual([]);
    await createSafeStorageVault(safe, dir).set(ACCOUNT, 'tok_from_the_file');
    const desktop = await createVault({ dataDir: dir, log: quiet, safeStorage: safe, keyring: keychain.factory });
    expect(await desktop.get(ACCOUNT)).toBe(TOKEN);
    expect(tokenFiles(dir)).toHaveLength(1);
    await desktop.set(ACCOUNT, 'tok_new');
    expect(tokenFiles(dir)).toEqual([]);
    expect(await host.get(ACCOUNT)).toBe('tok_new');
  });

  it('where the keychain does not answer, the desktop app keeps using its encrypted file', async () => {
    const dir = tempDir();
    const refusing: KeyringFactory = () => ({
      getPassword: async () => null,
      setPassword: async () => {
        throw new Error("Couldn't access platform storage");
      },
      deletePassword: async () => false,
    });
    const desktop = await createVault({
      dataDir: dir,
      log: quiet,
      safeStorage: fakeSafeStorage(),
      keyring: refusing,
    });
    expect(desktop.store).toBe('safe-storage');
    await desktop.set(ACCOUNT, TOKEN);
    expect(await desktop.get(ACCOUNT)).toBe(TOKEN);
    expect(tokenFiles(dir)).toHaveLength(1);
  });

  it('a removal that cannot remove the encrypted file fails and says so, instead of leaving the token to be sent', async () => {
    const dir = tempDir();
    const keychain = fakeKeychain();
    const safe = fakeSafeStorage();
    await createSafeStorageVault(safe, dir).set(ACCOUNT, TOKEN);
    const [name] = tokenFiles(dir);
    // Where the file was, a folder with something in it: removing it as a file fails, as a file one may not delete would.
    rmSync(join(dir, 'tokens', name!));
    mkdirSync(join(dir, 'tokens', name!));
    writeFileSync(join(dir, 'tokens', name!, 'x'), '');
    const host = await createVault({ dataDir: dir, log: quiet, keyring: keychain.factory });
    await expect(host.clear(ACCOUNT)).rejects.toThrow(/the token was not removed/);
    expect(host.problem).not.toBeNull();
  });
});
