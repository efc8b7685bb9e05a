import { app, BrowserWindow, dialog, Menu, shell } from 'electron';
import { dirname, join } from 'node:path';
import { createApp, type BenchlinkApp } from '../app.js';
import { createConsoleLogger } from '../common/console-logger.js';
import { installLastResort } from '../common/last-resort.js';
import { startOptionsFrom } from '../common/start-options.js';
import { startSandboxInWorker } from '../sandbox/worker/start-in-worker.js';
import { startSandbox } from '../sandbox/server.js';
import { nativeFilePicker } from './dialogs.js';
import { launchArgs, secondLaunchNotice } from './second-launch.js';
import { openLogFile } from './log-file.js';
import { rendererRecovery } from './renderer-recovery.js';
import { APP_PAGE_URL } from './app-protocol.js';
import { defaultSession, hardenApp, hardenSession, serveApp } from './hardening.js';
import { bridgeIpc } from './ipc-bridge.js';
import { buildMenu } from './menu.js';
import { electronSafeStorage } from './safe-storage.js';
import { loadKeyring } from '../vault/load-keyring.js';
import { windowOptions } from './security-policy.js';

/**
 * Electron main: the thin shell. Everything with logic is in main/app.ts and its services; this
 * file only owns the window, the app lifecycle and the Electron-specific adapters.
 */
// userData is the data folder, known before 'ready'; the log file is what a user without a terminal has.
const logFile = openLogFile(app.getPath('userData'));
const log = createConsoleLogger('[main]', (line) => {
  process.stderr.write(`${line}\n`);
  logFile.write(line);
});
installLastResort(process, log);

// Our own argv goes along: the one Electron hands the first instance may be reordered (second-launch.ts).
if (!app.requestSingleInstanceLock({ argv: process.argv.slice(1) })) {
  // Two instances would fight over the outbox database and the scanner: hand over and leave. The running
  // one says on screen what of this start's options it did not take; a terminal hears it here.
  console.error('Benchlink is already running: its window was brought to the front, and this start ends here.');
  app.quit();
} else {
  hardenApp();
  void run().catch((err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    log.error('startup failed', { error: message });
    // Started from a desktop icon there is no terminal: the reason must be on screen.
    dialog.showErrorBox('Benchlink could not start', message);
    app.exit(1);
  });
}

async function run(): Promise<void> {
  let win: BrowserWindow | null = null;
  // Read once: what this start runs with, and what a later start's options are compared with.
  const start = startOptionsFrom(process.argv.slice(1));
  let markRunning: (b: BenchlinkApp) => void = () => {};
  const whenRunning = new Promise<BenchlinkApp>((resolve) => (markRunning = resolve));
  app.on('second-instance', (_e, argv, _cwd, additionalData) => {
    if (win?.isMinimized()) win.restore();
    win?.focus();
    const args = launchArgs(argv, additionalData);
    // Compared with the connection in use, which exists once this start is through.
    void whenRunning.then((running) => {
      const notice = secondLaunchNotice(args, {
        connection: running.settings.get().connection,
        ...(start.syncTimeoutMs !== undefined ? { syncTimeoutMs: start.syncTimeoutMs } : {}),
      });
      if (!notice) return;
      log.info('a second start asked for what this one does not do', { notice: notice.detail });
      const box = { type: 'info' as const, buttons: ['OK'], message: notice.message, detail: notice.detail };
      return win ? dialog.showMessageBox(win, box) : dialog.showMessageBox(box);
    });
  });

  await app.whenReady();
  hardenSession(defaultSession());
  const root = app.getAppPath();
  serveApp(defaultSession(), join(root, 'dist'));
  const keyring = await loadKeyring();
  const benchlink: BenchlinkApp = await createApp({
    dataDir: app.getPath('userData'),
    info: { version: app.getVersion(), shell: 'electron', platform: process.platform, nativeDialogs: true },
    log,
    safeStorage: electronSafeStorage(),
    // The OS keychain, as the browser host uses: the two share the data folder, so the token must be where
    // both read and remove it (main/vault/create-vault.ts). safeStorage's file is kept for where the
    // keychain does not answer, and read once to move an older desktop app's token over.
    ...(keyring ? { keyring } : {}),
    // Electron loads worker threads from the asar archive (since v18); should this build not, the demo
    // sandbox still starts, on main's thread as before, rather than not at all.
    startSandbox: (o) =>
      startSandboxInWorker(o).catch((err: unknown) => {
        log.warn('sandbox thread did not start; running it on the main thread', { error: String(err) });
        return startSandbox(o);
      }),
    filePicker: nativeFilePicker(() => win),
    revealFolder: async (folder) => {
      const error = await shell.openPath(folder);
      if (error) throw new Error(error);
    },
    // `npm start -- --electron --service URL --reset-demo` reaches Electron's argv as it is.
    ...start,
  });
  markRunning(benchlink);

  const shown = new BrowserWindow(windowOptions(join(root, 'out', 'preload', 'index.cjs')));
  win = shown;
  // The page refuses to unload while dropped files are still being copied for upload (upload-state):
  // Electron then only cancels the close, without a word, so the user is asked here.
  shown.webContents.on('will-prevent-unload', (e) => {
    const choice = dialog.showMessageBoxSync(shown, {
      type: 'warning',
      buttons: ['Keep Benchlink open', 'Close anyway'],
      defaultId: 0,
      cancelId: 0,
      message: 'Files are still being copied for upload.',
      detail: 'Closed now, the files not copied yet are not queued and will not be uploaded.',
    });
    if (choice === 1) e.preventDefault();
  });
  const unbridge = bridgeIpc(win, APP_PAGE_URL, benchlink.router, benchlink.events);
  // A crashed renderer is reloaded, a few times; then the user is asked (renderer-recovery.ts).
  const recover = rendererRecovery({
    reload: () => shown.webContents.reload(),
    isDestroyed: () => shown.isDestroyed(),
    now: () => Date.now(),
    later: (fn) => setImmediate(fn),
    ask: async (message, detail) => {
      const { response } = await dialog.showMessageBox(shown, {
        type: 'error',
        buttons: ['Reload', 'Close Benchlink'],
        defaultId: 0,
        cancelId: 0,
        message,
        detail,
      });
      return response === 1 ? 'quit' : 'reload';
    },
    quit: () => app.quit(),
    log,
  });
  shown.webContents.on('render-process-gone', (_e, details) => recover(details));
  Menu.setApplicationMenu(buildMenu(() => win, !app.isPackaged, dirname(logFile.path)));
  win.once('ready-to-show', () => win?.show());
  win.on('closed', () => {
    unbridge();
    win = null;
  });
  await win.loadURL(APP_PAGE_URL);

  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', (e) => {
    // Let services (sandbox, later the outbox) close cleanly once, then quit for real.
    e.preventDefault();
    void benchlink.close().finally(() => app.exit(0));
  });
}
