import { createServer } from 'node:net';

/**
 * Below Linux's ephemeral range (32768–60999): the ports the system hands out on its own, to a server
 * listening on port 0 or a connection's own end, are all in that range. A port found free there was
 * handed to another test's server or connection before this test listened on it again (EADDRINUSE in CI).
 */
const FIRST = 20_000;
const LAST = 32_000;

/** Whether `port` can be bound on loopback now; bound once and released. */
function bindsNow(port: number): Promise<boolean> {
  const s = createServer();
  return new Promise((resolve) => {
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/**
 * A loopback port nothing listens on right now, that the system does not hand out by itself. For a
 * service that is "down" (connections refused) or a fixed port a test starts a server on next.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = FIRST + Math.floor(Math.random() * (LAST - FIRST));
    if (await bindsNow(port)) return port;
  }
  throw new Error(`no free loopback port between ${FIRST} and ${LAST} after 100 tries`);
}
