import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { tempDir } from '../outbox/helpers.js';

export interface OutboxPerTest {
  readonly outbox: Outbox;
  /** The test's own folder, for files it stages beside the outbox. */
  readonly dir: string;
  /** The same outbox file opened again, as after a restart (close the old one first). */
  reopen(): Outbox;
}

/** A fresh outbox file in a fresh folder for each test of the suite it is called in, on `now`'s clock. */
export function outboxPerTest(now: () => number): OutboxPerTest {
  let t: ReturnType<typeof tempDir> | null = null;
  let outbox: Outbox | null = null;
  const open = () => (outbox = createOutbox({ path: path.join(t!.dir, 'o.db'), now }));
  beforeEach(() => {
    t = tempDir();
    open();
  });
  afterEach(() => {
    outbox?.close();
    t?.cleanup();
  });
  return {
    get outbox() {
      return outbox!;
    },
    get dir() {
      return t!.dir;
    },
    reopen: open,
  };
}
