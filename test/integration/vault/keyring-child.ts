/**
 * Runs inside `dbus-run-session` next to an unlocked gnome-keyring (started by keyring-real.test.ts):
 * the real vault on the real @napi-rs/keyring against a real Secret Service. Prints one JSON line.
 * The token is a random test value; it is compared here and never printed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadKeyring } from '../../../main/vault/load-keyring.js';
import { createVault } from '../../../main/vault/index.js';
import { probeKeyring } from '../../../main/vault/keyring-vault.js';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

async function main(): Promise<Record<string, unknown>> {
  const keyring = await loadKeyring();
  if (!keyring) return { unavailable: '@napi-rs/keyring could not be loaded' };
  // The daemon registers on the session bus a moment after it starts: wait for it, bounded. 15 s, not
  // 5: with vitest's other workers on both cores, a first start took longer and the test skipped itself.
  let ready = false;
  for (let i = 0; i < 150 && !ready; i += 1) {
    ready = await probeKeyring(keyring);
    if (!ready) await new Promise((r) => setTimeout(r, 100));
  }
  if (!ready) return { unavailable: 'the Secret Service did not answer within 15 s' };

  const dataDir = mkdtempSync(join(tmpdir(), 'benchlink-keyring-'));
  try {
    const vault = await createVault({ dataDir, log, keyring });
    const account = 'base=https://lims.example.org files=https://lims.example.org events=https://lims.example.org';
    const first = `t1-${randomBytes(16).toString('hex')}`;
    const second = `t2-${randomBytes(16).toString('hex')}`;
    const steps: Record<string, unknown> = { store: vault.store };
    steps.emptyAtStart = (await vault.get(account)) === null;
    await vault.set(account, first);
    steps.readBack = (await vault.get(account)) === first;
    // Another vault on the same keychain (a restart) sees it: it is in the OS store, not in memory.
    const again = await createVault({ dataDir, log, keyring });
    steps.survivesRestart = again.store === 'keychain' && (await again.get(account)) === first;
    await vault.set(account, second);
    steps.overwritten = (await again.get(account)) === second;
    steps.otherAccountEmpty = (await vault.get(`${account}x`)) === null;
    const onDisk = filesUnder(dataDir).map((f) => readFileSync(f, 'utf8'));
    steps.nothingInDataDir = onDisk.every((text) => !text.includes(first) && !text.includes(second));
    steps.dataDirFiles = onDisk.length;
    await vault.clear(account);
    steps.deleted = (await vault.get(account)) === null && !(await again.has(account));
    return steps;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (r) => console.log(`KEYRING-RESULT ${JSON.stringify(r)}`),
  (err: unknown) =>
    console.log(`KEYRING-RESULT ${JSON.stringify({ error: err instanceof Error ? err.message : String(err) })}`),
);
