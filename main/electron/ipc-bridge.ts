import { randomUUID } from 'node:crypto';
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { IPC_EVENT, IPC_INVOKE } from '../../shared/ipc/api.js';
import type { EventHub } from '../ipc/events.js';
import type { Router } from '../ipc/router.js';
import { isTrustedSender } from './security-policy.js';

/**
 * ipcMain side of the contract. Like VS Code's validatedIpcMain, a message is accepted only from
 * our window's own top-level frame showing our own page; the router then validates the payload.
 */
export function bridgeIpc(win: BrowserWindow, pageUrl: string, router: Router, events: EventHub): () => void {
  // One connection per page load: a reload or a crashed renderer ends what the old page started
  // (stagings, outbox waits), as a closed socket does in the browser host.
  let page = new AbortController();
  let id = randomUUID();
  // Events go to the page only while one listens: from its first call (it subscribes before it
  // calls) until it navigates away or its renderer dies. Meanwhile main keeps what must not be lost
  // (a scanner read) for the next page instead of sending it to a page that is not there yet.
  let removeSink: (() => void) | null = null;
  // From the start of a navigation until it commits (or fails) the page on screen is the one going
  // away: a call it still makes must not make it a listener again.
  let leaving = false;
  const listen = () => {
    if (leaving) return;
    // Named by this page load's connection id, which its calls carry (scanner.takeReads, scanner.test).
    removeSink ??= events.addSink((name, payload) => {
      if (win.isDestroyed()) throw new Error('the window is gone');
      win.webContents.send(IPC_EVENT, name, payload);
    }, id);
  };
  const unlisten = () => {
    removeSink?.();
    removeSink = null;
  };
  const renew = () => {
    leaving = false;
    unlisten();
    page.abort();
    page = new AbortController();
    id = randomUUID();
  };
  win.webContents.on('did-start-navigation', (details) => {
    if (!details.isMainFrame || details.isSameDocument) return;
    leaving = true;
    unlisten();
  });
  // A navigation that did not happen leaves the page where it was: it listens again from its next call.
  // One our will-navigate guard prevents ends aborted, for which Electron emits only
  // did-fail-provisional-load (never did-fail-load): without it the page heard no event again till a reload.
  const stayed = (_e: unknown, _code: number, _desc: string, _url: string, isMainFrame: boolean) => {
    if (isMainFrame) leaving = false;
  };
  win.webContents.on('did-fail-load', stayed);
  win.webContents.on('did-fail-provisional-load', stayed);
  win.webContents.on('did-navigate', renew);
  win.webContents.on('render-process-gone', renew);
  const handle = (event: IpcMainInvokeEvent, message: unknown) => {
    if (event.sender !== win.webContents || !isTrustedSender(event.senderFrame, pageUrl)) {
      return router.refuse('forbidden', 'IPC from an untrusted frame was refused.', { transport: 'electron' });
    }
    listen();
    return router.handle(message, { transport: 'electron', connection: { id, closed: page.signal } });
  };
  ipcMain.handle(IPC_INVOKE, handle);
  return () => {
    ipcMain.removeHandler(IPC_INVOKE);
    unlisten();
    page.abort();
  };
}
