import { createHash } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { writeFileAtomic } from '../common/atomic-file.js';
import { join } from 'node:path';
import { tokenValue } from '../../shared/ipc/channels/token.js';
import type { SafeStorageLike, TokenVault } from './types.js';

/** Where the desktop app keeps an account's encrypted token: named by a hash, so the URL is not on disk either. */
function tokenFile(dataDir: string, account: string): string {
  return join(dataDir, 'tokens', `${createHash('sha256').update(account).digest('hex').slice(0, 32)}.bin`);
}

/**
 * Removes an account's encrypted token file, which needs no key: the browser host cannot read the
 * desktop app's file, but a token removed there must not stay behind for the desktop app to send.
 */
export async function removeTokenFile(dataDir: string, account: string): Promise<void> {
  await rm(tokenFile(dataDir, account), { force: true });
}

/**
 * Electron: the token is encrypted by safeStorage (keyed by the OS keychain) and only the
 * ciphertext is written, one file per account.
 */
export function createSafeStorageVault(safe: SafeStorageLike, dataDir: string): TokenVault {
  const dir = join(dataDir, 'tokens');
  const fileFor = (account: string) => tokenFile(dataDir, account);

  async function get(account: string): Promise<string | null> {
    let cipher: Buffer;
    try {
      cipher = await readFile(fileFor(account));
    } catch {
      return null;
    }
    try {
      const token = safe.decryptString(cipher);
      // AES-CBC (safeStorage's on Linux) under another key (a new OS user, a reset keychain) decrypts
      // to garbage with valid padding about once in 256 files: that garbage was sent as the token.
      if (!tokenValue.safeParse(token).success) throw new Error('the file did not decrypt to a token');
      return token;
    } catch (err) {
      // Keychain changed (new OS user, reset): the ciphertext is useless; ask for a new token. But only when
      // encryption itself works: a keychain locked or refusing now read as "no token stored", and the bench
      // was sent to type again a token that was never lost (the keyring store says it is locked instead).
      if (encryptionWorks()) return null;
      // The vault's guard (create-vault.ts withRetry) says it as the store being locked, with this reason.
      throw new Error(err instanceof Error && err.message ? err.message : 'decryption failed');
    }
  }

  function encryptionWorks(): boolean {
    try {
      return (
        safe.isEncryptionAvailable() && safe.decryptString(safe.encryptString('benchlink-probe')) === 'benchlink-probe'
      );
    } catch {
      return false;
    }
  }

  return {
    store: 'safe-storage',
    get,
    has: async (account) => (await get(account)) !== null,
    async set(account, token) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFileAtomic(fileFor(account), safe.encryptString(token), { mode: 0o600 });
    },
    clear: (account) => removeTokenFile(dataDir, account),
  };
}
