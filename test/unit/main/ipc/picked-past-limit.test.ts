import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PICKED_FILES } from '../../../../shared/ipc/channels/files.js';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';

let src: string;
let chosen: string[] = [];
let env: InProcess;
beforeAll(async () => {
  src = mkdtempSync(join(tmpdir(), 'benchlink-picked-many-'));
  const all = Array.from({ length: MAX_PICKED_FILES + 1 }, (_, i) => join(src, `plate-${i}.csv`));
  for (const f of all) writeFileSync(f, 'Position\n');
  env = await inProcessApi({ filePicker: { pick: async () => chosen } });
  chosen = all;
});
afterAll(async () => {
  await env.close();
  rmSync(src, { recursive: true, force: true });
});

describe('files.pickForUpload: more files chosen than one choice takes', () => {
  it('says so in words the Upload screen shows, instead of "Internal error"', async () => {
    const all = chosen;
    const r = await env.api.invoke('files.pickForUpload', { multiple: true });
    // On the old code: every file was answered, the response check refused the list past 500, and the
    // page was told "Internal error in files.pickForUpload; details are in the log."
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'failed',
        message:
          `Nothing was added: you chose ${MAX_PICKED_FILES + 1} files, and at most ${MAX_PICKED_FILES} can be added ` +
          `at once. Choose them in groups of ${MAX_PICKED_FILES} or fewer.`,
      },
    });
    // The limit itself is taken whole.
    chosen = all.slice(0, MAX_PICKED_FILES);
    const taken = await env.call('files.pickForUpload', { multiple: true });
    expect(taken.files).toHaveLength(MAX_PICKED_FILES);
    chosen = all;
  });
});
