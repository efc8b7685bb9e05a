import { createServer } from 'node:net';

/**
 * A loopback port nothing listens on right now: bound once and released. For a service that is "down"
 * (connections refused) or a fixed port a test starts a server on next.
 */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve, reject) => {
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
