/** Where the page keeps the browser host's key between reloads: sessionStorage is per origin (port included) and per tab. */
const STORE_KEY = 'benchlink.hostKey';

/**
 * The browser host's key for this page. The printed URL carries it in the fragment (`#k=…`), which
 * the browser never sends to a server; it is moved to this tab's sessionStorage and taken out of the
 * address bar (so it is not in history or on a shared screen), and a reload finds it there.
 * Null when the page was opened without it.
 */
export function takeHostKey(win: Window): string | null {
  const fromUrl = new URLSearchParams(win.location.hash.slice(1)).get('k');
  if (fromUrl) {
    try {
      win.sessionStorage.setItem(STORE_KEY, fromUrl);
      win.history.replaceState(win.history.state, '', win.location.pathname + win.location.search);
    } catch {
      // Storage refused (a privacy mode): keep the fragment so a reload still has the key.
    }
    return fromUrl;
  }
  try {
    return win.sessionStorage.getItem(STORE_KEY);
  } catch {
    return null;
  }
}
