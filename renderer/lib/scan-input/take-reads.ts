import type { BenchlinkApi } from '../../../shared/ipc/api.js';

/** What this needs of the page's window: its focus and its tab's visibility. */
export interface PageWindow {
  addEventListener(type: 'focus', listener: () => void): void;
  removeEventListener(type: 'focus', listener: () => void): void;
  document: {
    visibilityState: DocumentVisibilityState;
    hasFocus(): boolean;
    addEventListener(type: 'visibilitychange', listener: () => void): void;
    removeEventListener(type: 'visibilitychange', listener: () => void): void;
  };
}

/**
 * Main sends each scanner read to one page only (two tabs each recording it would put one tube in two
 * plates): the page the user came to last. This page says so when it opens in front, when its window
 * gets focus, when its tab is shown, and when it is back after a lost connection (main forgot which
 * page it was) if the user is at it. Returns the stop.
 */
export function takeReadsWhenHere(win: PageWindow, api: BenchlinkApi): () => void {
  // Nothing to do when it fails: the page is not connected, and says so when it is back (below).
  const take = () => void api.invoke('scanner.takeReads', {}).catch(() => undefined);
  const shown = () => {
    if (win.document.visibilityState === 'visible') take();
  };
  win.addEventListener('focus', take);
  win.document.addEventListener('visibilitychange', shown);
  const offReconnect = api.onReconnect?.(() => {
    if (win.document.visibilityState === 'visible' && win.document.hasFocus()) take();
  });
  // A tab opened in the background leaves the reads where the user is.
  shown();
  return () => {
    win.removeEventListener('focus', take);
    win.document.removeEventListener('visibilitychange', shown);
    offReconnect?.();
  };
}
