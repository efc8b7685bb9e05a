import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const child = fileURLToPath(new URL('./keyring-child.ts', import.meta.url));
const DBUS_RUN_SESSION = '/usr/bin/dbus-run-session';
const KEYRING_DAEMON = '/usr/bin/gnome-keyring-daemon';

/**
 * A private session bus with an unlocked gnome-keyring (test password on stdin, secrets component
 * only), then the child on the same bus. Everything ends with the session: nothing touches the
 * user's own keychain.
 */
function runInSecretService(): { result: Record<string, unknown> | null; output: string } {
  const script = [
    `printf %s benchlink-test | ${KEYRING_DAEMON} --foreground --unlock --components=secrets >/dev/null 2>&1 &`,
    'daemon=$!',
    `"${process.execPath}" --import tsx "${child}"`,
    'code=$?',
    'kill $daemon 2>/dev/null',
    'exit $code',
  ].join('\n');
  const r = spawnSync(DBUS_RUN_SESSION, ['--', 'sh', '-c', script], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  const line = /KEYRING-RESULT (.*)/.exec(r.stdout ?? '')?.[1];
  return { result: line ? (JSON.parse(line) as Record<string, unknown>) : null, output };
}

describe('the keyring vault against a real Secret Service (gnome-keyring under dbus-run-session)', () => {
  it('stores, reads back, overwrites and deletes the token, and writes nothing to the data dir', (ctx) => {
    const missing = [DBUS_RUN_SESSION, KEYRING_DAEMON].filter((p) => !existsSync(p));
    if (missing.length > 0)
      return ctx.skip(
        `no Secret Service can be started here: ${missing.join(', ')} missing (apt: dbus, gnome-keyring)`,
      );
    const { result, output } = runInSecretService();
    expect(result, output.slice(-2000)).not.toBeNull();
    if (result && 'unavailable' in result) return ctx.skip(`no Secret Service: ${String(result.unavailable)}`);
    expect(result).toEqual({
      store: 'keychain',
      emptyAtStart: true,
      readBack: true,
      survivesRestart: true,
      overwritten: true,
      otherAccountEmpty: true,
      nothingInDataDir: true,
      dataDirFiles: 0,
      deleted: true,
    });
  });
});
