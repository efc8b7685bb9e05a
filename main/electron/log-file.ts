import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the desktop app's log lines also go. Started from a desktop icon it has no terminal, so stderr
 * alone reached no one, while an internal error tells the user "details are in the log". One file in the
 * data folder's `logs/`; past `maxBytes` it becomes `main.previous.log` (the one before is dropped), so
 * the log stays bounded and what led up to a problem is still there.
 */
export function openLogFile(dataDir: string, maxBytes = 5 * 1024 * 1024): { path: string; write(line: string): void } {
  const dir = join(dataDir, 'logs');
  const path = join(dir, 'main.log');
  let usable = true;
  let size = 0;
  try {
    mkdirSync(dir, { recursive: true });
    size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  } catch {
    usable = false;
  }
  return {
    path,
    write(line) {
      if (!usable) return;
      try {
        if (size > maxBytes) {
          renameSync(path, join(dir, 'main.previous.log'));
          size = 0;
        }
        const text = `${line}\n`;
        // Synchronous: the line is on disk even if the next thing main does is crash.
        appendFileSync(path, text, { mode: 0o600 });
        size += Buffer.byteLength(text);
      } catch {
        // A full or read-only disk must not take the app down with it; stderr still has the line.
        usable = false;
      }
    },
  };
}
