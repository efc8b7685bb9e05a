import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import type { ApiMode } from '../../shared/api/connection.js';
import { createAnswers, type AnswerOptions } from './answers/profiles.js';
import { buildApp } from './app.js';
import { demoFixture } from './demo-data.js';
import { systemClock, type Clock } from './domain/clock.js';
import { loadFixture, type SandboxFixture } from './fixture.js';
import { seedFixture } from './seed.js';
import { SandboxStore } from './store/index.js';

export type { SandboxFixture } from './fixture.js';
export { SandboxStore } from './store/index.js';

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: '127.0.0.1';
  mode: ApiMode;
  /** A fixture file path or object; without one the built-in demo lab loads. Applied only to an empty database. */
  fixture?: string | SandboxFixture;
  /** SQLite file; ':memory:' (default) keeps nothing after close. */
  dbPath?: string;
  /** Where uploads are written; default beside the db file, or a temp dir removed on close for ':memory:'. */
  filesDir?: string;
  /** How long a location-create request reports IN_PROGRESS (default 300 ms). */
  locationDelayMs?: number;
  /** Largest JSON body accepted (default 1 MiB); larger ones answer 400. */
  bodyLimitBytes?: number;
  logger?: boolean;
  /** Time source for timestamps and the location-create delay; tests inject one to step time. */
  clock?: Clock;
  /** How it answers: `extended` (default, the demo), `spec` (only the spec's fields) or `varied` (seeded). */
  answers?: AnswerOptions;
}

export interface SandboxHandle {
  url: string;
  port: number;
  mode: ApiMode;
  /** The first fixture user's token (the Super Admin in the demo lab). */
  demoToken: string;
  /** False when the database already held data, so the fixture (or demo lab) was not loaded into it. */
  seeded: boolean;
  store: SandboxStore;
  close(): Promise<void>;
}

const DEFAULT_BODY_LIMIT = 1024 * 1024;

function filesDirFor(opts: SandboxOptions, dbPath: string): { dir: string; temporary: boolean } {
  if (opts.filesDir) return { dir: resolve(opts.filesDir), temporary: false };
  if (dbPath === ':memory:') return { dir: mkdtempSync(join(tmpdir(), 'benchlink-sandbox-files-')), temporary: true };
  return { dir: join(dirname(resolve(dbPath)), `${basename(dbPath)}.files`), temporary: false };
}

/** Starts a local Lab Data Service on 127.0.0.1 and resolves once it is listening. */
export async function startSandbox(opts: SandboxOptions): Promise<SandboxHandle> {
  const dbPath = opts.dbPath ?? ':memory:';
  const store = SandboxStore.open(dbPath, opts.clock ?? systemClock);
  let files: { dir: string; temporary: boolean } | null = null;
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    const seeded = store.isEmpty();
    if (seeded) seedFixture(store, await loadFixture(opts.fixture ?? demoFixture()));
    files = filesDirFor(opts, dbPath);
    mkdirSync(files.dir, { recursive: true, mode: 0o700 });
    const bodyLimit = opts.bodyLimitBytes ?? DEFAULT_BODY_LIMIT;
    const ctx = {
      store,
      mode: opts.mode,
      locationDelayMs: opts.locationDelayMs ?? 300,
      filesDir: files.dir,
      answers: createAnswers(opts.answers),
    };
    app = await buildApp(ctx, { bodyLimitBytes: bodyLimit, logger: opts.logger ?? false });
    await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
    const server = app;
    const address = server.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : (opts.port ?? 0);
    const owned = files;
    let closed: Promise<void> | null = null;
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      mode: opts.mode,
      demoToken: store.users.first()?.token ?? '',
      seeded,
      store,
      close: () => {
        closed ??= (async () => {
          await server.close();
          store.close();
          if (owned.temporary) rmSync(owned.dir, { recursive: true, force: true });
        })();
        return closed;
      },
    };
  } catch (e) {
    // A port in use or a bad fixture must not leave a half-started server or an open database behind.
    await app?.close();
    store.close();
    if (files?.temporary) rmSync(files.dir, { recursive: true, force: true });
    throw e;
  }
}
