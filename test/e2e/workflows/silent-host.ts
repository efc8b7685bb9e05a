import type { Page, WebSocketRoute } from '@playwright/test';

/**
 * From now on the host takes the page's IPC connections and says nothing on them (hung, or busy past
 * the handshake's deadline): the page's half of the handshake waits for a hello that never comes.
 * `answer()` ends the connections it left hanging and lets every later one through to the host.
 */
export async function silentHost(page: Page): Promise<{ answer(): Promise<void> }> {
  let silent = true;
  const held: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ipc/, (ws) => {
    if (silent) return void held.push(ws);
    ws.connectToServer();
  });
  return {
    async answer() {
      silent = false;
      for (const ws of held.splice(0)) await ws.close();
    },
  };
}

/**
 * Every IPC connection goes through to the host; while `hold()` is on, nothing passes either way (as
 * with main's event loop held), and `release()` lets it all through, in order.
 */
export async function holdingHost(page: Page): Promise<{ hold(): void; release(): void }> {
  let holding = false;
  const held: Array<() => void> = [];
  await page.routeWebSocket(/\/ipc/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => (holding ? held.push(() => server.send(m)) : server.send(m)));
    server.onMessage((m) => (holding ? held.push(() => ws.send(m)) : ws.send(m)));
  });
  return {
    hold: () => void (holding = true),
    release() {
      holding = false;
      for (const pass of held.splice(0)) pass();
    },
  };
}
