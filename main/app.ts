import { join } from 'node:path';
import { createLabClient } from './api/index.js';
import { CHANNELS } from '../shared/ipc/contract.js';
import type { AppInfo, AppStatus } from '../shared/ipc/status.js';
import { createEventHub, type EventHub } from './ipc/events.js';
import { createPickedFiles, filesHandlers, type FilePicker, type PickedFiles } from './ipc/handlers/files.js';
import { shellHandlers } from './ipc/handlers/index.js';
import { labelsHandlers } from './ipc/handlers/labels.js';
import { createTemplateStore } from './labels/index.js';
import { createRouter, type Router } from './ipc/router.js';
import type { HandlersFor } from './ipc/types.js';
import type { Logger } from './common/logger.js';
import type { CreateLabClient, SandboxAnswers, StartSandbox } from './settings/connection-types.js';
import { createLiveConnection } from './settings/live-connection.js';
import { createSandboxRunner } from './settings/sandbox-runner.js';
import { openSettingsStore, type SettingsStore } from './settings/store.js';
import { createWorkflowServices } from './workflows/services.js';
import { createVault, type KeyringFactory, type SafeStorageLike } from './vault/index.js';

export interface AppOptions {
  dataDir: string;
  info: Omit<AppInfo, 'name'> & { name?: string };
  log: Logger;
  /** Electron only: encrypts the token with the OS keychain. */
  safeStorage?: SafeStorageLike;
  /** Outside Electron: the OS keychain through @napi-rs/keyring. */
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

/**
 * Composition root: the only place that knows every service. Later services (outbox, sync,
 * scanner) are built here and contribute their handler group next to `shellHandlers`.
 */
export async function createApp(o: AppOptions): Promise<BenchlinkApp> {
  const events = createEventHub(o.log);
  const settings = await openSettingsStore({ dataDir: o.dataDir, log: o.log });
  const vault = await createVault({
    dataDir: o.dataDir,
    log: o.log,
    ...(o.safeStorage ? { safeStorage: o.safeStorage } : {}),
    ...(o.keyring ? { keyring: o.keyring } : {}),
  });

  // Status changes come from several services; each just asks for a fresh snapshot to be pushed.
  // A snapshot whose token is not refused (a new token, another connection) also lets a sync
  // queue paused for the token go again.
  const publish = () =>
    void status().then((s) => {
      events.emit('app.status', s);
      if (!s.token.rejected) workflows?.credentialsChanged();
    }, () => undefined);
  let workflows: ReturnType<typeof createWorkflowServices> | undefined;
  const sandbox = createSandboxRunner({
    start: o.startSandbox,
    dbPath: join(o.dataDir, 'sandbox.db'),
    ...(o.sandboxFixture ? { fixture: o.sandboxFixture } : {}),
    ...(o.sandboxAnswers ? { answers: o.sandboxAnswers } : {}),
    log: o.log,
    onChange: publish,
  });
  const live = createLiveConnection({ settings, vault, sandbox, createLabClient: o.createLabClient ?? createLabClient, onChange: publish });

  async function status(): Promise<AppStatus> {
    return {
      connection: live.connectionStatus(),
      online: live.online,
      token: await live.tokenStatus(),
      notices: settings.notice ? [settings.notice] : [],
    };
  }

  const info: AppInfo = { name: 'Benchlink', ...o.info };
  const pickedFiles = createPickedFiles();
  workflows = createWorkflowServices({
    dataDir: o.dataDir,
    events,
    log: o.log,
    picked: pickedFiles,
    resolve: () => live.resolve(),
    storedToken: (account) => vault.get(account),
    report: (outcome) => live.report(outcome),
  });
  const handlers = {
    ...shellHandlers({ info, settings, live, events, status }),
    ...filesHandlers(o.filePicker, pickedFiles),
    ...workflows.handlers,
    ...labelsHandlers(createTemplateStore(o.dataDir)),
  } satisfies HandlersFor<typeof CHANNELS>;
  const router = createRouter({ channels: CHANNELS, handlers, log: o.log });

  // Start the sandbox eagerly when it is the connection, so the first screen has data.
  const conn = settings.get().connection;
  if (conn.kind === 'local-sandbox') void sandbox.ensure(conn.mode).catch((err: unknown) => o.log.warn('local sandbox unavailable', { error: String(err) }));

  return {
    router,
    events,
    settings,
    pickedFiles,
    status,
    close: async () => {
      await workflows?.close();
      await sandbox.stop();
    },
  };
}
