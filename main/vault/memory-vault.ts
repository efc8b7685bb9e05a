import type { TokenVault } from './types.js';

/** Last resort when no keychain works: the token lives for this run only, and status says so. */
export function createMemoryVault(): TokenVault {
  const tokens = new Map<string, string>();
  return {
    store: 'memory-only',
    get: async (account) => tokens.get(account) ?? null,
    has: async (account) => tokens.has(account),
    set: async (account, token) => void tokens.set(account, token),
    clear: async (account) => void tokens.delete(account),
  };
}
