import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../common/atomic-file.js';
import { newSecret } from './security.js';

const KEY_FILE = 'host-key';

/**
 * The browser host's key, kept in the data dir (owner-only) when the host runs on a fixed port:
 * a host restarted there lets the page that was open reconnect and ask about the scans it was
 * waiting on. It guards no more than the data dir itself, which holds the queue those scans are in.
 * Keeping it is safe against whoever holds the port while the host is down because the key never
 * crosses the wire and the page answers only a host that proves it (shared/ipc/host-handshake.ts).
 */
export async function loadOrCreateHostKey(dataDir: string): Promise<string> {
  try {
    const saved = (await readFile(join(dataDir, KEY_FILE), 'utf8')).trim();
    if (/^[A-Za-z0-9_-]{43}$/.test(saved)) return saved;
  } catch {
    // No key yet (first start), or unreadable: make a new one.
  }
  const key = newSecret();
  await writeFileAtomic(join(dataDir, KEY_FILE), key, { mode: 0o600 });
  return key;
}
