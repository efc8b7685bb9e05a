import { app, BrowserWindow, dialog, Menu, shell } from 'electron';
import { join } from 'node:path';
import { createApp, type BenchlinkApp } from '../app.js';
import { createConsoleLogger } from '../common/console-logger.js';
import { installLastResort } from '../common/last-resort.js';
import { startOptionsFrom } from '../common/start-options.js';
import { startSandboxInWorker } from '../sandbox/worker/start-in-worker.js';
import { startSandbox } from '../sandbox/server.js';
import { nativeFilePicker } from './dialogs.js';
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
const log = createConsoleLogger('[main]');
installLastResort(process, log);

if (!app.requestSingleInstanceLock()) {
  // Two instances would fight over the outbox database and the scanner: hand over and leave.
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
  app.on('second-instance', () => {
    if (win?.isMinimized()) win.restore();
    win?.focus();
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
    // Where safeStorage has no keychain to key it (a bare window manager on Linux: basic_text), the OS
    // keychain itself, as the browser host uses; without it the token was kept for this run only.
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
    ...startOptionsFrom(process.argv.slice(1)),
  });

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
  Menu.setApplicationMenu(buildMenu(() => win, !app.isPackaged));
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
