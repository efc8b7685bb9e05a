import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mainForSuite } from './helpers.js';

const main = mainForSuite();

describe("a kept record file that cannot be read is said in words, never with the data folder's path", () => {
  it.each([
    ['no longer there', (_records: string) => undefined],
    [
      'a folder where the file was',
      (records: string) => mkdirSync(join(records, 'PLATE_nope', 'x.csv'), { recursive: true }),
    ],
  ])('%s', async (_what, arrange) => {
    const records = join(main.env.dataDir, 'records');
    arrange(records);
    const r = await main.env.api.invoke('plateRecord.read', { folder: 'PLATE_nope', name: 'x.csv' });
    // On the old code: "Cannot read it: ENOENT: no such file or directory, open '/tmp/…/records/PLATE_nope/x.csv'".
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'failed',
        message: "That file is no longer in the record's folder: it was moved or deleted on this computer.",
      },
    });
  });

  it('a name that is not a record file is refused in words too', async () => {
    const r = await main.env.api.invoke('plateRecord.read', { folder: '..', name: 'outbox.db' });
    expect(r).toEqual({ ok: false, error: { code: 'failed', message: 'That is not a file of a plate record.' } });
  });
});
