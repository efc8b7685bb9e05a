import { execFileSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';
import type { CachedManifest } from '../../../../shared/ipc/channels/cache.js';
import type { Outbox } from '../../../../main/outbox/index.js';

/** The real main in-process, shared by every test of the file; read `env` inside a test. */
export function mainForSuite(): { readonly env: InProcess } {
  let env: InProcess | null = null;
  beforeAll(async () => {
    env = await inProcessApi();
  });
  afterAll(() => env?.close());
  return {
    get env(): InProcess {
      if (!env) throw new Error('main runs only inside the tests of its suite');
      return env;
    },
  };
}

/** A tube put in a well of the plate `uuid`, as Well fill sends it (the well's whole state). */
export const wellSet = (uuid: string, position: string, id: string) => ({
  type: 'well-set' as const,
  manifest: { uuid },
  position,
  sample: { id, labsheet: 'Samples' },
  label: '' as const,
  tags: [],
});

/**
 * PL-0003 read, A1 and A2 filled from here and sent, and read again once both are sent, as Well fill
 * does: the copy saved now agrees with this computer's writes. Answers the plate as first read.
 */
export async function filledAndSent(env: Pick<InProcess, 'call'>): Promise<CachedManifest> {
  const plate = (await env.call('cache.manifest', { hrid: 'PL-0003' }))!;
  for (const [position, id] of [
    ['A1', 'S-0040'],
    ['A2', 'S-0041'],
  ] as const) {
    const { id: entry } = await env.call('outbox.enqueue', {
      intent: { ...wellSet(plate.uuid, position, id), basis: plate.basis },
    });
    expect((await env.call('outbox.await', { id: entry, timeoutMs: 15_000 })).state).toBe('done');
  }
  expect((await env.call('cache.manifest', { uuid: plate.uuid }))!.fromCache).toBe(false);
  return plate;
}

/** A 96-well plate PL-0001 as the read cache answers it for a service that lists its wells (none here). */
export const listedPlate = (over: Partial<CachedManifest> = {}): CachedManifest => ({
  name: 'QC',
  template: '96 Well Plate',
  uuid: 'u1',
  hrid: 'PL-0001',
  barcode: '',
  rows: 8,
  columns: 12,
  layoutFrom: 'service',
  wells: [],
  wellsFrom: 'service',
  basis: { lastUpdate: null, emptySpaces: null },
  unplacedUsed: 0,
  fetchedAt: 0,
  fromCache: false,
  pending: [],
  movedAway: [],
  reading: { lastUpdate: null, emptySpaces: null },
  ...over,
});

/**
 * `run` (synchronous) with this computer's time zone set to `zone`, as the bench's clock reads the time;
 * the zone is put back before anything else runs.
 */
export function inTimeZone<T>(zone: string, run: () => T): T {
  const was = process.env['TZ'];
  process.env['TZ'] = zone;
  try {
    return run();
  } finally {
    if (was === undefined) delete process.env['TZ'];
    else process.env['TZ'] = was;
  }
}

/**
 * Makes `dir` refuse changes to its entries (new ones, removals): immutable as root (whom permissions do
 * not stop), read-only otherwise. Answers the undo, or null where neither holds here.
 */
export function lockEntries(dir: string): (() => void) | null {
  if (process.getuid?.() === 0) {
    try {
      execFileSync('chattr', ['+i', dir], { stdio: 'ignore' });
      return () => execFileSync('chattr', ['-i', dir], { stdio: 'ignore' });
    } catch {
      return null;
    }
  }
  chmodSync(dir, 0o555);
  return () => chmodSync(dir, 0o755);
}

/**
 * A 96-well plate the service lists (uuid `uuid-<hrid>`), with this computer's queued changes `changes`
 * (outbox ids) as the read cache answers them.
 */
export function plateWithChanges(hrid: string, outbox: Outbox, changes: readonly number[] = []): CachedManifest {
  return listedPlate({
    name: hrid,
    uuid: `uuid-${hrid}`,
    hrid,
    pending: changes.map((id) => {
      const e = outbox.get(id)!;
      return {
        entryId: id,
        state: e.state,
        updatedAt: e.updatedAt,
        intent: e.intent,
        error: null,
        mayHaveArrived: null,
      };
    }),
  });
}

/** A tube put in a well of the plate `hrid` of plateWithChanges (its uuid `uuid-<hrid>`), as Well fill sends it. */
export const tubeIn = (hrid: string, position: string, id: string) => wellSet(`uuid-${hrid}`, position, id);
