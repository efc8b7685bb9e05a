import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createApp, type BenchlinkApp } from '../../../main/app.js';
import { startSandbox } from '../../../main/sandbox/server.js';
import { freePort } from '../../helpers/free-port.js';

/**
 * A settings file this version cannot fully read (a newer version wrote it, a hand edit broke one part)
 * must not silently move queued real work onto the demo sandbox.
 */

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const info = { version: 't', shell: 'browser-host', platform: 'linux', nativeDialogs: false } as const;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const caller = (a: BenchlinkApp) => async (channel: string, payload: unknown) => {
  const r = await a.router.handle({ channel, payload }, { transport: 'test' });
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
  return r.value as never;
};

/** Queues a row update for a real service that is down, then closes the app; answers the entry id. */
async function queueForRealService(dir: string, real: string): Promise<number> {
  const a = await createApp({ dataDir: dir, info, log: quiet, startSandbox, service: real });
  try {
    const { id } = (await caller(a)('outbox.enqueue', {
      intent: {
        type: 'row-update',
        labsheet: 'Samples',
        idColumn: 'Sample ID',
        id: 'S-0152',
        changes: { Notes: 'for the real service' },
      },
    })) as { id: number };
    return id;
  } finally {
    await a.close();
  }
}

it('one unknown key in settings.json: the connection and the rest are kept, the original is kept aside', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'benchlink-settings-'));
  dirs.push(dir);
  const real = `http://127.0.0.1:${await freePort()}`;
  const id = await queueForRealService(dir, real);
  const file = join(dir, 'settings.json');
  const before = JSON.parse(readFileSync(file, 'utf8')) as { connection: unknown };
  const written = JSON.stringify({ ...before, newerFeature: true });
  writeFileSync(file, written);

  const b = await createApp({ dataDir: dir, info, log: quiet, startSandbox });
  try {
    const call = caller(b);
    expect(((await call('settings.get', {})) as { connection: unknown }).connection).toEqual(before.connection);
    const notices = (await b.status()).notices;
    expect(notices.join(' ')).toContain('newerFeature');
    const aside = readdirSync(dir).filter((f) => f.startsWith('settings.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe(written);
    expect(((await call('outbox.await', { id, timeoutMs: 2_000 })) as { state: string }).state).not.toBe('done');
  } finally {
    await b.close();
  }
}, 40_000);

it('a connection this version cannot read falls back to the sandbox, but the real work stays queued for the real service', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'benchlink-settings-'));
  dirs.push(dir);
  const real = `http://127.0.0.1:${await freePort()}`;
  const id = await queueForRealService(dir, real);
  const file = join(dir, 'settings.json');
  const before = JSON.parse(readFileSync(file, 'utf8')) as { connection: Record<string, unknown> };
  writeFileSync(file, JSON.stringify({ ...before, connection: { ...before.connection, kind: 'cluster' } }));

  const b = await createApp({ dataDir: dir, info, log: quiet, startSandbox });
  try {
    const call = caller(b);
    expect(((await call('settings.get', {})) as { connection: { kind: string } }).connection.kind).toBe(
      'local-sandbox',
    );
    expect((await b.status()).notices.join(' ')).toContain('connection (');
    await call('outbox.syncNow', {});
    expect(((await call('outbox.await', { id, timeoutMs: 5_000 })) as { state: string }).state).toBe('pending');
    const services = (await call('outbox.services', {})) as { elsewhere: { label: string; waiting: number }[] };
    expect(services.elsewhere).toEqual([expect.objectContaining({ waiting: 1, label: expect.stringContaining(real) })]);
  } finally {
    await b.close();
  }
}, 40_000);
