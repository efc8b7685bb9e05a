import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordNames } from '../../../../main/plate-record/record-folders.js';
import { MAX_RECORDS_LISTED } from '../../../../shared/ipc/channels/plate-record.js';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';

/** Records are kept for good: years of them in the data dir, one filed an hour after the other. */
const KEPT = MAX_RECORDS_LISTED + 50;
const AT = Date.parse('2026-01-01T08:00:00Z');

let env: InProcess;
beforeAll(async () => {
  env = await inProcessApi();
  const records = join(env.dataDir, 'records');
  for (let n = 1; n <= KEPT; n++) {
    const at = AT + n * 3_600_000;
    const { base, folder } = recordNames(`PL-${n}`, at);
    mkdirSync(join(records, folder), { recursive: true });
    writeFileSync(join(records, folder, `${base}.csv`), 'Position\n');
    utimesSync(join(records, folder), at / 1000, at / 1000);
  }
}, 60_000);
afterAll(() => env.close());

describe('plateRecord.list on a computer with years of records', () => {
  it('answers the newest, at most MAX_RECORDS_LISTED, not every record ever filed', async () => {
    const all = await env.call('plateRecord.list', {});
    expect(all).toHaveLength(MAX_RECORDS_LISTED);
    expect(all[0]).toMatchObject({ plate: `PL-${KEPT}`, files: [{ kind: 'wells' }] });
    expect(all.at(-1)?.plate).toBe(`PL-${KEPT - MAX_RECORDS_LISTED + 1}`);
  });

  it('the Outbox asks for the ten it shows', async () => {
    const shown = await env.call('plateRecord.list', { limit: 10 });
    expect(shown.map((r) => r.plate)).toEqual(Array.from({ length: 10 }, (_, i) => `PL-${KEPT - i}`));
  });
});
