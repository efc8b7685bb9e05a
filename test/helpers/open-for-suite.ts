import { afterAll, beforeAll } from 'vitest';

/**
 * Something a whole file's tests share: opened before the first test, closed after the last. The
 * returned function gives it, read at use inside a test or a later hook; `what` names it in the error
 * a read outside the suite throws.
 */
export function openForSuite<T extends { close(): Promise<void> | void }>(
  what: string,
  open: () => Promise<T>,
  timeoutMs?: number,
): () => T {
  let opened: T | null = null;
  beforeAll(async () => {
    opened = await open();
  }, timeoutMs);
  afterAll(() => opened?.close());
  return () => {
    if (!opened) throw new Error(`${what} is open only inside the tests of its suite`);
    return opened;
  };
}
