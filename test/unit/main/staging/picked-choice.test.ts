import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';

let dir: string;
let env: InProcess | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** Files chosen in the native dialog, through the real app: main stats and names them itself. */
it('one chosen file that cannot be read is named; the others of the choice are still added', async () => {
  dir = mkdtempSync(join(tmpdir(), 'picked-choice-'));
  const good = join(dir, 'plate.csv');
  writeFileSync(good, 'well,sample\nA1,S-1\n');
  const gone = join(dir, 'removed-since.csv');
  env = await inProcessApi({ dataDir: join(dir, 'data'), filePicker: { pick: async () => [gone, good] } });

  const picked = await env.call('files.pickForUpload', {});
  expect(picked.files.map((f) => f.name)).toEqual(['plate.csv']);
  // In words and by its name only: the system's text ("ENOENT … stat '/home/…'") names the path.
  expect(picked.unreadable).toEqual([
    { name: 'removed-since.csv', reason: 'removed-since.csv was moved or deleted after you chose it: choose it again' },
  ]);
});

it.runIf(process.platform !== 'win32')('a chosen file keeps its whole name, as the system spells it', async () => {
  dir = mkdtempSync(join(tmpdir(), 'picked-choice-'));
  // A backslash is an ordinary character in a name here; split as a separator, the name lost its start.
  const file = join(dir, 'run\\42.csv');
  writeFileSync(file, 'well,sample\nA1,S-1\n');
  env = await inProcessApi({ dataDir: join(dir, 'data'), filePicker: { pick: async () => [file] } });

  const picked = await env.call('files.pickForUpload', {});
  const staged = await env.call('upload.stagePicked', { fileId: picked.files[0]!.id });
  const { id } = await env.call('upload.enqueue', { stagedId: staged.stagedId });
  const entry = (await env.call('outbox.list', {})).find((e) => e.id === id);
  expect(entry?.intent).toMatchObject({ type: 'file-upload', fileName: 'run\\42.csv' });
});
