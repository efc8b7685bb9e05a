import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createLabClient } from './api/index.js';
import { openCacheStore, createReadCache, demoIdColumns, rememberCreatedLabsheets } from './cache/index.js';
import { TypedEmitter, logListenerError } from './common/emitter.js';
import { lockDataDir } from './common/instance-lock.js';
import type { Logger } from './common/logger.js';
import { createLiveTransport } from './connection/live-transport.js';
import { adoptLegacyToken } from './connection/legacy-token.js';
import { createConnectionMonitor } from './connection/monitor.js';
import { createSandboxRunner } from './connection/sandbox-runner.js';
import type { CreateLabClient, SandboxAnswers, StartSandbox } from './connection/types.js';
import { forwardOutboxEvents } from './ipc/bridges/outbox-bridge.js';
import { createScannerBridge } from './ipc/bridges/scanner-bridge.js';
import { createEventHub, type EventHub } from './ipc/events.js';
import { cacheHandlers } from './ipc/handlers/cache.js';
import { filesHandlers, type FilePicker } from './ipc/handlers/files.js';
import { plateRecordHandlers, type RevealFolder } from './ipc/handlers/plate-record.js';
import { isFiled } from './plate-record/file-record.js';
import { sweepUnfiledRecords } from './plate-record/unfiled-records.js';
import { layoutsHandlers } from './ipc/handlers/layouts.js';
import { createLayoutStore } from './layouts/layout-store.js';
import { shellHandlers } from './ipc/handlers/index.js';
import { labelsHandlers } from './ipc/handlers/labels.js';
import { outboxHandlers } from './ipc/handlers/outbox.js';
import { scannerHandlers } from './ipc/handlers/scanner.js';
import { uploadHandlers } from './ipc/handlers/upload.js';
import type { RefusalLogLimits } from './ipc/refusal-log.js';
import { createRouter, type Router } from './ipc/router.js';
import type { HandlersFor } from './ipc/types.js';
import { createTemplateStore } from './labels/index.js';
import { createOutbox, FINISHED_KEPT_MS, scheduleOutboxPruning } from './outbox/index.js';
import {
  createNodeHidLayer,
  createScannerService,
  monotonicClock,
  nodeTimers,
  type DeviceLayer,
} from './scanner/index.js';
import { openSettingsStore, type SettingsStore } from './settings/store.js';
import {
  createPickedFiles,
  createUploadStaging,
  keepForIt,
  removeFinishedStagedCopies,
  scheduleDiscardedCopyRemoval,
  scheduleUnclaimedCleanup,
  setStagingAside,
  sweepOrphanedStaging,
  type PickedFiles,
  type StagingLimits,
} from './staging/index.js';
import { createSyncEngine } from './sync/index.js';
import { createVault, type KeyringFactory, type SafeStorageLike } from './vault/index.js';
import { CHANNELS } from '../shared/ipc/contract.js';
import type { AppInfo, AppStatus } from '../shared/ipc/status.js';
import { settingsPatch, type ConnectionSetting } from '../shared/ipc/settings.js';
import { serviceIdentity } from '../shared/ipc/service-identity.js';

export interface AppOptions {
  dataDir: string;
  info: Omit<AppInfo, 'name'> & { name?: string };
  log: Logger;
  /** Electron only: encrypts the token with the OS keychain. */
  safeStorage?: SafeStorageLike;
  /** The OS keychain through @napi-rs/keyring, in both shells (main/vault/create-vault.ts says why). */
  keyring?: KeyringFactory;
  /** Omitted when the sandbox module is not available; "Local sandbox" then reports an error. */
  startSandbox?: StartSandbox;
  sandboxFixture?: string;
  /** The embedded sandbox's answer profile (`npm run host -- --answers spec`). */
  sandboxAnswers?: SandboxAnswers;
  /** Replaceable so tests run the shell against a fake service. */
  createLabClient?: CreateLabClient;
  /** Electron's native dialog; the browser host has none. */
  filePicker?: FilePicker;
  /** Opens a folder in the file manager (Electron's shell); absent in the browser host. */
  revealFolder?: RevealFolder;
  /** Replaceable so tests run without node-hid. */
  hidLayer?: DeviceLayer;
  /** Caps on unfinished upload stagings (defaults: main/staging). */
  stagingLimits?: StagingLimits;
  /** How many refused IPC messages are logged in full per window (default: main/ipc/refusal-log). */
  refusalLog?: RefusalLogLimits;
  /** `--service URL`: use this Lab Data Service from now on (base, files and events all at it). */
  service?: string;
  /** `--mode v2|legacy` with `--service`. */
  serviceMode?: 'v2' | 'legacy';
  /** `--reset-demo`: the embedded sandbox starts on fresh demo data. */
  resetDemo?: boolean;
  /** `--sync-timeout <seconds>`: how long one outbox request may take (default: connection/live-transport.ts). */
  syncTimeoutMs?: number;
}

export interface BenchlinkApp {
  router: Router;
  events: EventHub;
  settings: SettingsStore;
  /** Files chosen in the native dialog, by the ids the renderer was given. */
  pickedFiles: PickedFiles;
  status(): Promise<AppStatus>;
  close(): Promise<void>;
}

/** An address as it may be printed: a password in its user info (refused, with the reason) is left out. */
function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//');
  }
}

/** How often the sync engine asks the service, while offline, whether it is back. */
const OFFLINE_PROBE_MS = 3_000;

/**
 * The app on its data folder, which it holds for as long as it runs: a second start on the same
 * folder (another terminal, the desktop app beside the browser host) is refused with
 * AlreadyRunningError before it opens anything (see common/instance-lock.ts).
 */
export async function createApp(o: AppOptions): Promise<BenchlinkApp> {
  const lock = await lockDataDir(o.dataDir);
  let app: BenchlinkApp;
  try {
    app = await assembleApp(o);
  } catch (err) {
    await lock.release();
    throw err;
  }
  return {
    ...app,
    async close() {
      try {
        await app.close();
      } finally {
        await lock.release();
      }
    },
  };
}

/**
 * The composition root: the only place that knows every service. Each is built once, in the order
 * of its dependencies, and the IPC handlers are a table of what they expose.
 */
async function assembleApp(o: AppOptions): Promise<BenchlinkApp> {
  const now = () => Date.now();
  const { log, dataDir } = o;
  const events = createEventHub(log);
  const settings = await openSettingsStore({ dataDir, log });
  // What the outbox's older, unbound entries were queued under: the saved connection, before --service.
  const savedService = serviceIdentity(settings.get().connection);
  if (o.service) {
    const url = o.service;
    // Checked like an address typed in Settings (https off this computer); a bad one stops the start.
    const patch = settingsPatch.safeParse({
      connection: { kind: 'custom', baseUrl: url, filesUrl: url, eventsUrl: url, mode: o.serviceMode ?? 'v2' },
    });
    if (!patch.success) {
      const why = [...new Set(patch.error.issues.map((i) => i.message))].join('; ');
      throw new Error(`the service address ${withoutCredentials(url)} cannot be used: ${why}`);
    }
    await settings.update(patch.data);
    log.info('using the Lab Data Service given on the command line', { service: url });
  }
  if (o.resetDemo) {
    for (const f of ['sandbox.db', 'sandbox.db-wal', 'sandbox.db-shm']) rmSync(join(dataDir, f), { force: true });
    log.info('the embedded sandbox starts on fresh demo data');
  }
  const vault = await createVault({
    dataDir,
    log,
    ...(o.safeStorage ? { safeStorage: o.safeStorage } : {}),
    ...(o.keyring ? { keyring: o.keyring } : {}),
    tokenNeeded: settings.get().connection.kind === 'custom',
  });

  // Connection, token or reachability changed: a fresh status snapshot goes to the renderer.
  const statusChanged = new TypedEmitter<{ changed: undefined }>(logListenerError(log, 'app status'));
  const announce = () => statusChanged.emit('changed', undefined);
  const sandbox = createSandboxRunner({
    start: o.startSandbox,
    dbPath: join(dataDir, 'sandbox.db'),
    ...(o.sandboxFixture ? { fixture: o.sandboxFixture } : {}),
    ...(o.sandboxAnswers ? { answers: o.sandboxAnswers } : {}),
    log,
    onChange: announce,
  });
  const connection = createConnectionMonitor({
    settings,
    vault,
    sandbox,
    createLabClient: o.createLabClient ?? createLabClient,
    onChange: announce,
    now,
  });

  await adoptLegacyToken(vault, settings.get().connection, log);

  // Read per enqueue and per send step (so a switch binds new entries and holds back the others at
  // once), and worked out again only when the connection object changes: the identity parses three URLs.
  let known: { connection: ConnectionSetting; identity: string } | null = null;
  const currentService = (): string => {
    const connection = settings.get().connection;
    if (known?.connection !== connection) known = { connection, identity: serviceIdentity(connection) };
    return known.identity;
  };
  const outbox = createOutbox({
    path: join(dataDir, 'outbox.db'),
    now,
    log,
    service: currentService,
    unboundService: savedService,
  });
  if (outbox.recovered) log.warn('outbox file was corrupt and was moved aside', { ...outbox.recovered });
  const { transport, client } = createLiveTransport({
    resolve: () => connection.resolve(),
    storedToken: (a) => vault.get(a),
    ...(o.syncTimeoutMs !== undefined ? { timeoutMs: o.syncTimeoutMs } : {}),
  });
  const sync = createSyncEngine({
    outbox,
    transport,
    connectivity: connection.connectivity,
    probeIntervalMs: OFFLINE_PROBE_MS,
    tokenEpoch: () => connection.tokenEpoch(),
    // The read cache is made below; the engine asks it only while it sends, after start.
    tubeNames: (labsheet, id) => cache.tubeNames(labsheet, id),
    plateNames: (ref) => cache.plateNames(ref),
    listedTubes: (uuid) => cache.listedTubes(uuid),
    log: (message, fields) => log.warn(message, fields),
    stagingDir: join(dataDir, 'staging'),
    onUploadProgress: (p) => events.emit('upload.sendProgress', p),
  });
  const cacheStore = openCacheStore(join(dataDir, 'read-cache.db'), now);
  // The cache is rebuilt from the service: a file that could not be used (corrupt, or a newer app's) was
  // moved aside and an empty one started. Said in the log; nothing the user queued is in it.
  if (cacheStore.recovered)
    log.warn('read cache file could not be used and was moved aside', { ...cacheStore.recovered });
  const cache = createReadCache({
    store: cacheStore,
    client,
    outbox,
    now,
    log,
    knownIdColumns: (labsheet) => {
      const { labsheetIdColumns: saved, connection: c } = settings.get();
      // Own keys only: a labsheet named "constructor" or "toString" has no saved columns on a prototype.
      const mine = Object.hasOwn(saved, labsheet) ? saved[labsheet] : undefined;
      return mine ?? demoIdColumns(labsheet, c.kind === 'local-sandbox' && !o.sandboxFixture);
    },
    service: currentService,
  });
  const scanner = createScannerService({
    layer: o.hidLayer ?? createNodeHidLayer(),
    clock: monotonicClock,
    timers: nodeTimers,
    platform: process.platform,
  });
  const scannerBridge = createScannerBridge({ service: scanner, events, dataDir, log, now });
  const pickedFiles = createPickedFiles();
  // Before anything stages: copies of an earlier run that no open upload (nor a recent discard's Undo)
  // needs. Not after the outbox was moved aside: the fresh one names no upload, and the copies are the only
  // bytes of those queued in it. They go aside with it, or the next start's sweep (against the fresh
  // outbox) would delete them all.
  const stagingAside = outbox.recovered
    ? await setStagingAside(join(dataDir, 'staging'), outbox.recovered.movedTo, now)
    : null;
  if (stagingAside) log.warn('staged copies kept: the outbox they belong to was moved aside', { ...stagingAside });
  else await sweepOrphanedStaging(join(dataDir, 'staging'), outbox, log, now());
  // Before anything files: record folders an earlier run wrote but never queued (their copies went above).
  await sweepUnfiledRecords({
    recordsDir: join(dataDir, 'records'),
    isFiled: (key, folder) => isFiled(outbox, key, folder),
    now: now(),
    keptMs: FINISHED_KEPT_MS,
    log,
  });
  const staging = createUploadStaging(join(dataDir, 'staging'), o.stagingLimits, now);
  const templates = createTemplateStore(dataDir);
  const layouts = createLayoutStore(dataDir);

  // Said on every screen: what was queued in it may never have been sent, and nothing else would tell.
  const outboxNotice = outbox.recovered
    ? `The queue of changes (outbox.db) could not be read (${outbox.recovered.reason}) and was moved aside to ` +
      `${outbox.recovered.movedTo}; a new, empty one was started. Changes queued before may not have reached the ` +
      `service: check the last scans there, and ${keepForIt(stagingAside)}`
    : null;
  async function status(): Promise<AppStatus> {
    return {
      connection: connection.connectionStatus(),
      online: connection.onlineState,
      token: await connection.tokenStatus(),
      notices: [
        ...(settings.notice ? [settings.notice] : []),
        ...(scannerBridge.notice ? [scannerBridge.notice] : []),
        ...(outboxNotice ? [outboxNotice] : []),
      ],
    };
  }
  const offStatus = statusChanged.on('changed', () => {
    void status().then(
      (s) => {
        events.emit('app.status', s);
        // A token that is not refused (a new one, another connection) lets a paused queue go again.
        if (!s.token.rejected && sync.status().paused) void sync.resume();
      },
      (err: unknown) => log.warn('status snapshot failed', { error: String(err) }),
    );
  });

  const stops = [
    offStatus,
    forwardOutboxEvents(outbox, sync, events),
    cache.events.on('rowsLoaded', (p) => events.emit('cache.rowsLoaded', p)),
    removeFinishedStagedCopies(outbox, log),
    scheduleUnclaimedCleanup({ staging, outbox, log, now }),
    scheduleDiscardedCopyRemoval({ outbox, log, now }),
    rememberCreatedLabsheets(
      outbox,
      (labsheet, columns) => settings.update({ labsheetIdColumns: { [labsheet]: columns } }),
      log,
    ),
    scheduleOutboxPruning({
      outbox,
      log,
      alongside: { what: 'names kept for plates no outbox entry names', prune: () => cache.pruneKeptNames() },
    }),
  ];
  sync.start();

  const info: AppInfo = { name: 'Benchlink', ...o.info };
  const handlers = {
    ...shellHandlers({
      info,
      settings,
      live: connection,
      events,
      status,
      // Like "Sync now": the whole-queue backoff was earned on the service left, not this one.
      serviceChanged: () => void sync.syncNow(),
    }),
    ...filesHandlers(o.filePicker, pickedFiles),
    ...outboxHandlers({
      outbox,
      sync,
      nameOf: cache.nameOf,
      tubeNames: cache.tubeNames,
      listedTubes: cache.listedTubes,
      idColumnsOf: cache.idColumnsHere,
    }),
    ...cacheHandlers(cache),
    ...scannerHandlers(scanner, scannerBridge, async () => (await layouts.load()).layouts.map((l) => l.name)),
    ...uploadHandlers({ staging, outbox, picked: pickedFiles }),
    ...labelsHandlers(templates, () => settings.get().printers),
    ...layoutsHandlers(layouts),
    ...plateRecordHandlers(
      {
        manifest: (uuid) => cache.manifest({ uuid }),
        outbox,
        recordsDir: join(dataDir, 'records'),
        stagingDir: join(dataDir, 'staging'),
        now,
        log,
      },
      o.revealFolder,
    ),
  } satisfies HandlersFor<typeof CHANNELS>;
  const router = createRouter({
    channels: CHANNELS,
    handlers,
    log,
    ...(o.refusalLog ? { refusalLog: o.refusalLog } : {}),
  });

  // The local sandbox starts at once when it is the connection, so the first screen has data.
  const conn = settings.get().connection;
  if (conn.kind === 'local-sandbox')
    void sandbox
      .ensure(conn.mode)
      .catch((err: unknown) => log.warn('local sandbox unavailable', { error: String(err) }));

  return {
    router,
    events,
    settings,
    pickedFiles,
    status,
    async close() {
      for (const stop of stops) stop();
      scannerBridge.close();
      await sync.stop();
      cache.close();
      outbox.close();
      cacheStore.close();
      await sandbox.stop();
    },
  };
}
