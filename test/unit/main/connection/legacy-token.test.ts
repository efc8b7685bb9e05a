import { describe, expect, it } from 'vitest';
import { adoptLegacyToken } from '../../../../main/connection/legacy-token.js';
import { tokenAccount } from '../../../../main/connection/monitor.js';
import { createMemoryVault } from '../../../../main/vault/memory-vault.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const conn = (files: string, events: string) => ({
  kind: 'custom' as const,
  baseUrl: 'https://lims.example.org/api',
  filesUrl: files,
  eventsUrl: events,
  mode: 'v2' as const,
});
const LEGACY = 'https://lims.example.org/api';

describe('a token stored under the base URL alone (before origin binding)', () => {
  it('moves to the bound account when every address is on the base origin', async () => {
    const vault = createMemoryVault();
    await vault.set(LEGACY, 'tok');
    const setting = conn('https://lims.example.org/files', 'https://lims.example.org');
    expect(await adoptLegacyToken(vault, setting, quiet)).toBe(true);
    expect(await vault.get(tokenAccount(setting))).toBe('tok');
    expect(await vault.has(LEGACY)).toBe(false);
  });

  it('is not carried over when files or events live on another origin', async () => {
    const vault = createMemoryVault();
    await vault.set(LEGACY, 'tok');
    for (const setting of [
      conn('https://files.example.org', 'https://lims.example.org'),
      conn('https://lims.example.org', 'https://events.example.org'),
    ]) {
      expect(await adoptLegacyToken(vault, setting, quiet)).toBe(false);
      expect(await vault.has(tokenAccount(setting))).toBe(false);
    }
  });

  it('never replaces a token already entered for the bound origins', async () => {
    const vault = createMemoryVault();
    const setting = conn('https://lims.example.org', 'https://lims.example.org');
    await vault.set(LEGACY, 'old');
    await vault.set(tokenAccount(setting), 'new');
    expect(await adoptLegacyToken(vault, setting, quiet)).toBe(false);
    expect(await vault.get(tokenAccount(setting))).toBe('new');
  });
});
