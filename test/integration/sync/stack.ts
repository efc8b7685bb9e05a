import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createLabClient, type LabClient } from '../../../main/api/index.js';
import { createOutbox, type Outbox } from '../../../main/outbox/index.js';
import { silentLogger } from '../../../main/common/logger.js';
import { removeFinishedStagedCopies } from '../../../main/staging/index.js';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from '../../../main/sync/index.js';
import type { AnswerOptions } from '../../../main/sandbox/answers/profiles.js';
import type { SandboxHandle } from '../../../main/sandbox/server.js';
import { startSandbox } from '../../../main/sandbox/server.js';
import { startFaultProxy, type FaultProxy } from '../../helpers/fault-proxy.js';
import { tempDir } from '../../unit/main/outbox/helpers.js';
import { createReadCache, type ReadCache } from '../../../main/cache/read-cache.js';
import { openCacheStore } from '../../../main/cache/cache-store.js';
import { ONLY_AS_QUEUED, type TubeNames } from '../../../main/sync/tube-names.js';
import { ONLY_AS_NAMED, type PlateNames } from '../../../main/sync/plate-names.js';

/** The real pieces wired together: sandbox ← fault proxy ← client ← sync engine ← outbox on disk. */
export interface Stack {
  sandbox: SandboxHandle;
  proxy: FaultProxy;
  client: LabClient;
  outbox: Outbox;
  engine: SyncEngine;
  token: { value: string };
  /** Requests the proxy forwarded to the sandbox for a path. */
  forwarded(pathname: string): number;
  close(): Promise<void>;
}

/**
 * The sync tests talk to the sandbox's `varied` answers (issue 15): what a real service may send
 * within the spec's wording, seeded so a failure reproduces. BENCHLINK_VARIED_SEED picks another seed.
 */
export const VARIED: AnswerOptions = { profile: 'varied', seed: Number(process.env['BENCHLINK_VARIED_SEED'] ?? 11) };

export async function startSandboxAndProxy(
  dbPath?: string,
  answers: AnswerOptions = VARIED,
): Promise<{ sandbox: SandboxHandle; proxy: FaultProxy }> {
  const sandbox = await startSandbox({
    port: 0,
    mode: 'v2',
    locationDelayMs: 0,
    answers,
    ...(dbPath ? { dbPath } : {}),
  });
  const proxy = await startFaultProxy({ target: sandbox.url, maxLog: 100_000 });
  return { sandbox, proxy };
}

export function clientFor(url: string, token: { value: string }, timeoutMs = 10_000): LabClient {
  return createLabClient({
    connection: { baseUrl: url, filesUrl: url, eventsUrl: url, mode: 'v2' },
    token: async () => token.value,
    timeoutMs,
    // The engine owns retries and backoff; one attempt per call keeps request counts exact.
    retry: { attempts: 1 },
  });
}

export async function startStack(
  dir: string,
  engineOptions: Partial<SyncEngineOptions> = {},
  answers: AnswerOptions = VARIED,
): Promise<Stack> {
  const { sandbox, proxy } = await startSandboxAndProxy(undefined, answers);
  const token = { value: sandbox.demoToken };
  const client = clientFor(proxy.url, token);
  const outbox = createOutbox({ path: path.join(dir, 'outbox.db'), now: Date.now });
  const engine = createSyncEngine({
    outbox,
    transport: client,
    backoff: { baseMs: 20, maxMs: 200 },
    kickDelayMs: 5,
    ...engineOptions,
  });
  // As main/app.ts wires it: the staging owner removes a copy once its entry is finished.
  const stopCleanup = removeFinishedStagedCopies(outbox, silentLogger);
  return {
    sandbox,
    proxy,
    client,
    outbox,
    engine,
    token,
    forwarded: (p) => proxy.requests.filter((r) => r.path === p && r.forwarded).length,
    async close() {
      stopCleanup();
      await engine.stop();
      outbox.close();
      await proxy.close();
      await sandbox.close();
    },
  };
}

/**
 * The stack with its engine asking a real read cache for a row's names (`tubeNames`) and a plate's
 * (`plateNames`, the plates it has read), as main/app.ts
 * wires it: the Samples rows are loaded over HTTP first, as a bench that scanned has them saved.
 * `asked`: every name the engine asked about, in order (each question is a read of the saved rows).
 */
export async function startStackWithNames(
  dir: string,
  engineOptions: Partial<SyncEngineOptions> = {},
): Promise<Stack & { cache: ReadCache; asked: string[] }> {
  let names: TubeNames = ONLY_AS_QUEUED;
  let plates: PlateNames = ONLY_AS_NAMED;
  const asked: string[] = [];
  const s = await startStack(dir, {
    ...engineOptions,
    tubeNames: (l, id) => {
      asked.push(id);
      return names(l, id);
    },
    plateNames: (ref) => plates(ref),
  });
  const store = openCacheStore(path.join(dir, 'read-cache.db'));
  const cache = createReadCache({ store, client: async () => s.client, outbox: s.outbox, now: Date.now });
  const close = async () => {
    await s.close();
    store.close();
  };
  const stack = { ...s, cache, asked, close };
  if ((await cache.sampleIndex('Samples')) === null) {
    await close();
    throw new Error('the read cache could not load the Samples rows');
  }
  names = cache.tubeNames;
  plates = cache.plateNames;
  return stack;
}

/**
 * A fresh stack in a fresh temporary directory for every test of the calling describe block,
 * closed and removed after it. `stack` forwards to the current test's stack (so test bodies
 * read `s.outbox` as if they had started it); `dir()` is that test's directory.
 */
export function stackPerTest(prefix: string, answers: AnswerOptions = VARIED): { stack: Stack; dir: () => string } {
  return startedPerTest(prefix, (dir) => startStack(dir, {}, answers));
}

/** stackPerTest for a stack `start` builds in the test's directory (other engine options, tube names). */
export function startedPerTest<S extends Stack>(
  prefix: string,
  start: (dir: string) => Promise<S>,
): { stack: S; dir: () => string } {
  let current: { stack: S; temp: ReturnType<typeof tempDir> } | undefined;
  beforeEach(async () => {
    const temp = tempDir(prefix);
    current = { stack: await start(temp.dir), temp };
  });
  afterEach(async () => {
    await current?.stack.close();
    current?.temp.cleanup();
    current = undefined;
  });
  const live = () => {
    if (!current) throw new Error('the stack starts in beforeEach; use it inside a test or a later hook');
    return current;
  };
  const stack = new Proxy({} as S, { get: (_target, key) => Reflect.get(live().stack, key) });
  return { stack, dir: () => live().temp.dir };
}

/** What the server holds, read from the sandbox's store (the test's source of truth). */
export function serverWell(sandbox: SandboxHandle, hrid: string, position: string) {
  const m = sandbox.store.manifests.find('hrid', hrid);
  if (!m) throw new Error(`no manifest ${hrid}`);
  return sandbox.store.manifests.well(m.uuid, position);
}

export function serverRow(sandbox: SandboxHandle, labsheet: string, idValue: string) {
  const sheet = sandbox.store.labsheets.byName(labsheet)!;
  const row =
    sandbox.store.rows.byIdValue(sheet.uuid, idValue)[0] ?? sandbox.store.rows.byBarcode(sheet.uuid, idValue)[0];
  if (!row) return null;
  const byName: Record<string, unknown> = {};
  for (const c of sandbox.store.labsheets.columns(sheet.uuid)) byName[c.name] = row.cells[String(c.id)];
  return { ...row, byName };
}

/** Waits until fn() is true, polling; throws after timeoutMs. */
export async function until(fn: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!fn()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
