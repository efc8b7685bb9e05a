import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createUploadStaging, DEFAULT_STAGING_LIMITS } from '../../../../main/staging/index.js';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';

const dirs: string[] = [];
const envs: InProcess[] = [];
afterEach(async () => {
  for (const e of envs.splice(0)) await e.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = (label: string) => {
  const d = mkdtempSync(join(tmpdir(), `benchlink-${label}-`));
  dirs.push(d);
  return d;
};
const copiesIn = (stagingDir: string) => (existsSync(stagingDir) ? readdirSync(stagingDir) : []);

it('a file chosen once is staged once: the page cannot stage it again and again', async () => {
  // The reviewer's scenario, through the real app: one pick, twenty stagePicked calls.
  const src = tempDir('src');
  const file = join(src, 'big.bin');
  writeFileSync(file, Buffer.alloc(8 * 1024 * 1024, 1));
  const dataDir = tempDir('data');
  const env = await inProcessApi({ dataDir, filePicker: { pick: async () => [file] } });
  envs.push(env);

  const picked = await env.call('files.pickForUpload', {});
  const fileId = picked.files[0]!.id;
  const answers = [];
  for (let i = 0; i < 20; i += 1) answers.push(await env.api.invoke('upload.stagePicked', { fileId }));

  expect(answers[0]).toMatchObject({ ok: true, value: { size: 8 * 1024 * 1024 } });
  // A spent id answers 'expired', as a spent staging ticket does at upload.enqueue: one code for
  // "this one-time ticket is used up, start that step again", which the Upload screen decides by.
  for (const a of answers.slice(1))
    expect(a).toMatchObject({
      ok: false,
      error: {
        code: 'expired',
        message:
          'That file was not chosen in the file dialog, or was already added to the uploads: choose it again to upload it again.',
      },
    });
  expect(copiesIn(join(dataDir, 'staging'))).toHaveLength(1);

  // Choosing it again in the dialog is a new choice, and it can be staged (and queued) again.
  const again = await env.call('files.pickForUpload', {});
  const staged = await env.call('upload.stagePicked', { fileId: again.files[0]!.id });
  await expect(env.call('upload.enqueue', { stagedId: staged.stagedId })).resolves.toHaveProperty('id');
  expect(copiesIn(join(dataDir, 'staging'))).toHaveLength(2);
}, 60_000);

it('a copy of a chosen file holds a staging slot, under the same per-window and total limits', async () => {
  const src = tempDir('src');
  const big = join(src, 'plate-1.csv');
  writeFileSync(big, Buffer.alloc(32 * 1024 * 1024, 0x41));
  const stagingDir = join(tempDir('data'), 'staging');
  const staging = createUploadStaging(stagingDir, { ...DEFAULT_STAGING_LIMITS, perOwner: 1, total: 2 });
  const window = { id: 'window-1' };

  // A staging in chunks holds this window's one slot: a chosen file must wait like any other.
  const stagingId = await staging.begin('dropped.csv', 10, window);
  await expect(staging.stagePath(big, 'plate-1.csv', window)).rejects.toThrow(
    '1 files are already being staged from this window; wait for one to finish.',
  );
  await staging.abort(stagingId);

  // Two copies at once from one window: the second finds the slot taken by the first.
  const both = await Promise.allSettled([
    staging.stagePath(big, 'plate-1.csv', window),
    staging.stagePath(big, 'plate-1.csv', window),
  ]);
  expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  expect(both.find((r) => r.status === 'rejected')).toMatchObject({
    reason: { message: '1 files are already being staged from this window; wait for one to finish.' },
  });

  // And copies count toward the total across windows.
  const a = await staging.begin('a.csv', 10, { id: 'window-2' });
  const b = await staging.begin('b.csv', 10, { id: 'window-3' });
  await expect(staging.stagePath(big, 'plate-1.csv', { id: 'window-4' })).rejects.toThrow(
    '2 files are already being staged; wait for one to finish.',
  );
  await Promise.all([staging.abort(a), staging.abort(b)]);
  expect(copiesIn(stagingDir)).toHaveLength(1);
}, 60_000);
