/**
 * The desktop app's log also goes to a file in the data folder: started from a desktop icon there is no
 * terminal, and an internal error tells the user "details are in the log".
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsoleLogger } from '../../../../main/common/console-logger.js';
import { openLogFile } from '../../../../main/electron/log-file.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'benchlink-log-file-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('desktop app log file', () => {
  it('every line the logger writes is in logs/main.log, redacted as on stderr', () => {
    const dir = tempDir();
    const file = openLogFile(dir);
    const log = createConsoleLogger('[main]', file.write);
    log.error('handler failed', { channel: 'token.set', token: 'tok_secret_123' });
    expect(file.path).toBe(join(dir, 'logs', 'main.log'));
    const text = readFileSync(file.path, 'utf8');
    expect(text).toMatch(/\[main\] error handler failed .*token\.set/);
    expect(text).not.toContain('tok_secret_123');
  });

  it('past its size the file becomes main.previous.log and a new one starts', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'logs'));
    writeFileSync(join(dir, 'logs', 'main.log'), 'x'.repeat(200));
    const file = openLogFile(dir, 100);
    file.write('first line of this run');
    expect(readFileSync(join(dir, 'logs', 'main.previous.log'), 'utf8')).toBe('x'.repeat(200));
    expect(readFileSync(file.path, 'utf8')).toBe('first line of this run\n');
  });

  it('a data folder it cannot write to does not stop the app', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'logs'), 'a file where the folder should be');
    const file = openLogFile(dir);
    expect(() => file.write('line')).not.toThrow();
    expect(existsSync(join(dir, 'logs', 'main.log'))).toBe(false);
  });
});
