import type { Logger } from '../common/logger.js';
import type { TokenVault } from './types.js';

/** A store of the same data folder that this shell does not save to, but must not leave a token behind in. */
export interface OtherStore {
  readonly name: string;
  /** The token kept there; absent where this shell cannot read it (the desktop app's encrypted file, from the browser host). */
  get?(account: string): Promise<string | null>;
  clear(account: string): Promise<void>;
}

/**
 * The desktop app and the browser host share one data folder, so they must agree on each account's token:
 * one removed in either is removed from every store this shell can reach (or the call fails and says so),
 * and a token saved by an older desktop app where only it can read it is moved to `primary` on its first
 * read (the keychain both shells read), never dropped. Where `primary` already has a token, that one is
 * used and the other copy is left as it is until the next save or removal replaces it.
 */
export function createSharedVault(primary: TokenVault, others: readonly OtherStore[], log: Logger): TokenVault {
  async function get(account: string): Promise<string | null> {
    const token = await primary.get(account);
    if (token !== null) return token;
    for (const other of others) {
      const found = (await other.get?.(account)) ?? null;
      if (found === null) continue;
      await primary.set(account, found);
      // Saved in primary first: were this to fail, the token is in both, never in neither.
      await other.clear(account);
      log.info('token moved to the store both the desktop app and the browser host read', {
        from: other.name,
        to: primary.store,
      });
      return found;
    }
    return null;
  }

  return {
    store: primary.store,
    get,
    has: async (account) => (await get(account)) !== null,
    async set(account, token) {
      await primary.set(account, token);
      for (const other of others) {
        // The new token is saved and is the one read first; an old copy left elsewhere is only untidy.
        await other
          .clear(account)
          .catch((err: unknown) =>
            log.warn('an older copy of the token could not be removed', { store: other.name, error: String(err) }),
          );
      }
    },
    async clear(account) {
      await primary.clear(account);
      // Every store, and a failure fails the removal: a copy left behind would be sent by the other shell.
      for (const other of others) await other.clear(account);
    },
  };
}
